// A catalogue title (a chapter's, a level's) in the reader's language, else in English.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TitleDto } from '@/api/gen/playtrack.schemas';
import { isLanguage } from '@/lib/i18n';

export function useTitleText() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (title: TitleDto): string => {
      const own = isLanguage(language) ? title[language]?.trim() : undefined;
      return own !== undefined && own !== '' ? own : title.en;
    },
    [language],
  );
}
