// The level columns of a report grouped under their chapters (`1 Onboarding` over `1.1 …`,
// `1.2 …`), in the catalogue's order, so a wide report reads chapter by chapter.
import type { GridColumnGroupingModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { TruncatedText } from '@/components/truncated-text';
import type { ReportColumn } from '@/api/gen/playtrack.schemas';
import { useGetCatalogue } from '../api/reports';
import { useTitleText } from './use-title-text';

/** Groups for the columns that are levels; none until the catalogue has come, or without `levels`. */
export function useChapterGroups(columns: readonly ReportColumn[] | undefined, levels: boolean): GridColumnGroupingModel | undefined {
  const catalogue = useGetCatalogue({ query: { enabled: levels } });
  const title = useTitleText();
  return useMemo(() => {
    if (!levels || !columns || !catalogue.data) return undefined;
    const shown = new Set(columns.map((column) => column.key));
    const chapters = [...catalogue.data.chapters].sort((a, b) => a.number - b.number);
    const groups = chapters.map((chapter) => ({
      groupId: chapter.id,
      renderHeaderGroup: () => <TruncatedText text={`${chapter.number} ${title(chapter.title)}`} />,
      children: catalogue.data.levels
        .filter((level) => level.chapter_id === chapter.id && shown.has(level.id))
        .sort((a, b) => a.number - b.number)
        .map((level) => ({ field: level.id })),
    }));
    return groups.filter((group) => group.children.length > 0);
  }, [levels, columns, catalogue.data, title]);
}
