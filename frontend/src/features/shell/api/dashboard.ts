// The report and catalogue calls the role dashboards make, from the generated client: the answer
// before the charts from the dashboard's insight, the score figures from the reports, the
// chapters' levels from the catalogue.
export { useGetDashboardInsight } from '@/api/gen/account/account';
export { useGetCatalogue } from '@/api/gen/catalogue/catalogue';
export { useGetScoreReport } from '@/api/gen/reports/reports';
