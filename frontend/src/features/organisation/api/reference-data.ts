// The reference data calls this feature makes, from the generated client: its screens
// reach the server only through this folder.
export {
  createCountry,
  createIndustry,
  getListCountriesQueryKey,
  getListIndustriesQueryKey,
  listCountries,
  listIndustries,
  updateCountry,
  updateIndustry,
  useListCountries,
  useListIndustries,
} from '@/api/gen/reference-data/reference-data';
