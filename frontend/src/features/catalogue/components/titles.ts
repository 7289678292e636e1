// A title (or a skill's name) in the portal's six languages: English always, the others where
// translated. Forms hold one text per language; the server drops blank ones, and screens show
// the reader's language with English in its place where there is none.
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import type { TitleDto } from '@/api/gen/playtrack.schemas';
import { isLanguage, LANGUAGES } from '@/lib/i18n';
import type { Language } from '@/locales/resources';
import { TITLE_MAX } from './rules';

/** The languages besides English, in the language menu's order. */
export const TRANSLATIONS = LANGUAGES.filter((language) => language !== 'en');

/** A title as a form holds it: one (possibly empty) text per language. */
export type TitleValues = Record<Language, string>;

export function titleValues(title?: TitleDto): TitleValues {
  return Object.fromEntries(LANGUAGES.map((language) => [language, title?.[language] ?? ''])) as TitleValues;
}

/** The title as the server takes it: trimmed, without blank translations. */
export function titleInput(values: TitleValues): TitleDto {
  const title: TitleDto = { en: values.en.trim() };
  for (const language of LANGUAGES) {
    const text = values[language].trim();
    if (language !== 'en' && text !== '') title[language] = text;
  }
  return title;
}

/** A title's text in the reader's language, else in English. */
export function useTitleText() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useCallback(
    (title: TitleDto | undefined): string => {
      if (!title) return '';
      const own = isLanguage(language) ? title[language]?.trim() : undefined;
      if (own !== undefined && own !== '') return own;
      return title.en;
    },
    [language],
  );
}

/** Characters Rust's `char::is_control` refuses (Unicode's Cc). */
const CONTROL = /\p{Cc}/u;

/** The checks of a title, mirroring the server's (crates/scoring/src/catalogue/rules.rs). */
export function useTitleSchema() {
  const { t } = useTranslation('catalogue');
  return useMemo(() => {
    const text = (min: number) =>
      z
        .string()
        .trim()
        .min(min, { error: t('form.englishRequired') })
        .max(TITLE_MAX, { error: t('form.titleTooLong', { max: TITLE_MAX }) })
        .refine((value) => !CONTROL.test(value), { error: t('form.controlCharacter') });
    const translations = Object.fromEntries(TRANSLATIONS.map((language) => [language, text(0)])) as Record<
      Exclude<Language, 'en'>,
      ReturnType<typeof text>
    >;
    return z.object({ en: text(1), ...translations });
  }, [t]);
}

/** The field paths of a title's languages as the server names them (`title.en`, `name.fr`). */
export function titlePaths<P extends string>(prefix: P): `${P}.${Language}`[] {
  return LANGUAGES.map((language) => `${prefix}.${language}` as const);
}
