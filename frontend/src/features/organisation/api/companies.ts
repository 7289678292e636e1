// The companies calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  createCompany,
  getGetCompanyLogoUrl,
  getPutCompanyLogoUrl,
  updateCompany,
  useGetCompany,
  useListCompanies,
} from '@/api/gen/companies/companies';
