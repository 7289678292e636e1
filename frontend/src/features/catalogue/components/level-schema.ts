// A level as its form holds it, and the form's checks, mirroring the server's
// (crates/scoring/src/catalogue/rules.rs) so most mistakes show before a round trip.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type Level, LevelDifficulty, type LevelInput } from '@/api/gen/playtrack.schemas';
import { MAX_SCORE_MAX, NUMBER_MAX, SKILLS_MAX, wholeNumber } from './rules';
import { titleInput, titlePaths, titleValues, type TitleValues, useTitleSchema } from './titles';

export const DIFFICULTIES = Object.values(LevelDifficulty);

/** The fields the server may name in its errors (`skills` for the level's skill ids). */
export const LEVEL_FIELDS = [
  'chapter_id',
  'number',
  ...titlePaths('title'),
  'max_score',
  'difficulty',
  'skills',
] as const;

export interface LevelFormValues {
  chapter_id: string;
  /** The input's text until checked. */
  number: string;
  title: TitleValues;
  max_score: string;
  /** A LevelDifficulty once chosen. */
  difficulty: string;
  skills: string[];
  retired: boolean;
}

/** The form's values for `level`, or a new level's in chapter `chapterId`. */
export function levelDefaults(level: Level | undefined, chapterId = ''): LevelFormValues {
  return {
    chapter_id: level?.chapter_id ?? chapterId,
    number: level ? String(level.number) : '',
    title: titleValues(level?.title),
    max_score: level ? String(level.max_score) : '',
    difficulty: level?.difficulty ?? '',
    skills: level?.skill_ids ?? [],
    retired: Boolean(level?.retired_at),
  };
}

/** What the server takes to save `level` as it is but for `changes` (retiring it, say). */
export function levelInput(level: Level, changes: Partial<LevelInput> = {}): LevelInput {
  return {
    chapter_id: level.chapter_id,
    number: level.number,
    title: level.title,
    max_score: level.max_score,
    difficulty: level.difficulty,
    skill_ids: level.skill_ids,
    retired: Boolean(level.retired_at),
    ...changes,
  };
}

export function useLevelSchema() {
  const { t } = useTranslation('catalogue');
  const title = useTitleSchema();
  return useMemo(
    () =>
      z
        .object({
          chapter_id: z.string().min(1, { error: t('level.chapterRequired') }),
          number: wholeNumber(1, NUMBER_MAX, t('form.numberRange', { max: NUMBER_MAX })),
          title,
          max_score: wholeNumber(1, MAX_SCORE_MAX, t('level.maxScoreRange')),
          difficulty: z.string().pipe(z.enum(DIFFICULTIES, { error: t('level.difficultyRequired') })),
          skills: z
            .array(z.string())
            .min(1, { error: t('level.skillsRange', { max: SKILLS_MAX }) })
            .max(SKILLS_MAX, { error: t('level.skillsRange', { max: SKILLS_MAX }) }),
          retired: z.boolean(),
        })
        .transform(
          ({ title: values, skills, ...level }): LevelInput => ({
            ...level,
            title: titleInput(values),
            skill_ids: skills,
          }),
        ),
    [t, title],
  );
}
