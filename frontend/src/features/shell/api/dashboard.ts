// The report and catalogue calls the role dashboards make, from the generated client: the score
// figures come from the reports, the chapters' levels from the catalogue.
export { useGetCatalogue } from '@/api/gen/catalogue/catalogue';
export { useGetScoreReport } from '@/api/gen/reports/reports';
