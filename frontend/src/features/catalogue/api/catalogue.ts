// The catalogue calls this feature makes, from the generated client: its screens reach the
// server only through this folder. Every change marks the catalogue stale, which holds the
// chapters, levels, skills and approaches together.
import {
  getGetCatalogueQueryKey,
  useCreateApproach as useCreateApproachCall,
  useCreateChapter as useCreateChapterCall,
  useCreateSkill as useCreateSkillCall,
  useDeleteApproach as useDeleteApproachCall,
  useDeleteChapter as useDeleteChapterCall,
  useDeleteLevel as useDeleteLevelCall,
  useDeleteSkill as useDeleteSkillCall,
  useUpdateApproach as useUpdateApproachCall,
  useUpdateChapter as useUpdateChapterCall,
  useUpdateLevel as useUpdateLevelCall,
  useUpdateSkill as useUpdateSkillCall,
} from '@/api/gen/catalogue/catalogue';
import { useInvalidateOnSuccess } from '@/lib/use-invalidate';

export { createLevel, exportCatalogue, updateLevel, useGetCatalogue } from '@/api/gen/catalogue/catalogue';

/** The one query every catalogue change makes stale. */
export const CATALOGUE_KEY = getGetCatalogueQueryKey();

const catalogueChanged = () => [CATALOGUE_KEY];

export function useCreateChapter() {
  return useCreateChapterCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useUpdateChapter() {
  return useUpdateChapterCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useDeleteChapter() {
  return useDeleteChapterCall(useInvalidateOnSuccess(catalogueChanged));
}

/** Retires and restores a level (`retired` in its input); the level form saves through
 * createLevel and updateLevel, which useFormSave follows with the reload. */
export function useUpdateLevel() {
  return useUpdateLevelCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useDeleteLevel() {
  return useDeleteLevelCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useCreateSkill() {
  return useCreateSkillCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useUpdateSkill() {
  return useUpdateSkillCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useDeleteSkill() {
  return useDeleteSkillCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useCreateApproach() {
  return useCreateApproachCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useUpdateApproach() {
  return useUpdateApproachCall(useInvalidateOnSuccess(catalogueChanged));
}

export function useDeleteApproach() {
  return useDeleteApproachCall(useInvalidateOnSuccess(catalogueChanged));
}
