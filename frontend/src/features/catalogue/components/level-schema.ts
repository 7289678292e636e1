// A level as its form holds it, and the form's checks, mirroring the server's
// (crates/scoring/src/catalogue/rules.rs) so most mistakes show before a round trip.
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/lib/formats';
import { z } from 'zod';
import { type Level, LevelDifficulty, type LevelInput } from '@/api/gen/playtrack.schemas';
import { renameFieldErrors } from '@/lib/form-errors';
import { MAX_SCORE_MAX, NUMBER_MAX, SKILLS_MAX, wholeNumber } from './rules';
import { titleInput, titlePaths, titleValues, type TitleValues, useTitleSchema } from './titles';

export const DIFFICULTIES = Object.values(LevelDifficulty);

/** The fields the server may name in its errors (`skills` for the level's skill ids); each
 * skill's maximum is `skill_max.<id>` (see `levelFormField`). */
export const LEVEL_FIELDS = [
  'chapter_id',
  'number',
  ...titlePaths('title'),
  'max_score',
  'difficulty',
  'skills',
] as const;

/** The form path of a skill's maximum. */
export const skillMaxPath = (skillId: string) => `skill_max.${skillId}` as const;

const SKILL_MAX_FIELD = /^(?:skills|skill_max_points)\.(.+)$/;

/** The form path of a field the server names: a maximum's problem comes as `skills.<id>` (out of
 * range) or `skill_max_points.<id>` (a skill the level does not train), both on the skill's
 * Max points field. */
export function levelFormField(field: string): string {
  const skill = SKILL_MAX_FIELD.exec(field)?.[1];
  return skill === undefined ? field : skillMaxPath(skill);
}

/** `error` with its field problems named as the level form names its fields. */
export const onLevelFormFields = (error: unknown) => renameFieldErrors(error, levelFormField);

/** The maximum score typed, when it is one (a whole number from 1 to `MAX_SCORE_MAX`). */
export function typedMaxScore(text: string | undefined): number | undefined {
  const trimmed = (text ?? '').trim();
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= MAX_SCORE_MAX ? value : undefined;
}

/**
 * The maximum the server gives each of `skillIds` when the form names none: an even share of
 * `maxScore`, the remainder a point each to the first skills by id, and at least 1 point
 * (crates/scoring/src/catalogue/rules.rs, `skill_maxima`).
 */
export function evenShares(maxScore: number, skillIds: readonly string[]): Map<string, number> {
  // Ids are lower-case UUIDs: their text sorts as the server's bytes do.
  const ids = [...new Set(skillIds)].sort();
  const count = Math.max(ids.length, 1);
  return new Map(
    ids.map((id, k) => [id, Math.max(Math.floor(maxScore / count) + (k < maxScore % count ? 1 : 0), 1)]),
  );
}

export interface LevelFormValues {
  chapter_id: string;
  /** The input's text until checked. */
  number: string;
  title: TitleValues;
  max_score: string;
  /** A LevelDifficulty once chosen. */
  difficulty: string;
  skills: string[];
  /** The most points each chosen skill can earn here, as typed, by skill id. */
  skill_max: Record<string, string>;
  retired: boolean;
}

/** The form's values for `level`, or a new level's in chapter `chapterId`. */
export function levelDefaults(level: Level | undefined, chapterId = ''): LevelFormValues {
  const shares = level ? evenShares(level.max_score, level.skill_ids) : new Map<string, number>();
  return {
    chapter_id: level?.chapter_id ?? chapterId,
    number: level ? String(level.number) : '',
    title: titleValues(level?.title),
    max_score: level ? String(level.max_score) : '',
    difficulty: level?.difficulty ?? '',
    skills: level?.skill_ids ?? [],
    skill_max: Object.fromEntries(
      (level?.skill_ids ?? []).map((id) => [id, String(level?.skill_max_points[id] ?? shares.get(id) ?? '')]),
    ),
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
    // Sent as they are: a level saved without them would go back to even shares.
    skill_max_points: level.skill_max_points,
    retired: Boolean(level.retired_at),
    ...changes,
  };
}

/** A form's values as far as zod parsed them, for a check said alongside the fields' own. */
interface PartlyParsed {
  max_score?: unknown;
  skills?: unknown;
  skill_max?: unknown;
}

export function useLevelSchema() {
  const { t } = useTranslation('catalogue');
  const { number } = useFormats();
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
          skill_max: z.record(z.string(), z.string()),
          retired: z.boolean(),
        })
        .superRefine(
          (values, context) => {
            const { max_score: maxScore, skills, skill_max: typed } = values as PartlyParsed;
            if (!Array.isArray(skills) || typeof typed !== 'object' || typed === null) return;
            // A maximum score not (yet) right bounds the maxima by the largest one allowed.
            const known = typeof maxScore === 'number' && maxScore >= 1 && maxScore <= MAX_SCORE_MAX;
            const max = known ? maxScore : MAX_SCORE_MAX;
            const message = known
              ? t('level.skillMaxRange', { max: number(max) })
              : t('level.skillMaxWhole');
            for (const id of skills as unknown[]) {
              if (typeof id !== 'string') continue;
              const raw = (typed as Record<string, unknown>)[id];
              const text = typeof raw === 'string' ? raw.trim() : '';
              const value = /^\d+$/.test(text) ? Number(text) : Number.NaN;
              if (!(value >= 1 && value <= max)) {
                context.addIssue({ code: 'custom', message, path: ['skill_max', id] });
              }
            }
          },
          // Said together with the other fields' problems, not only once they are all right.
          { when: () => true },
        )
        .transform(
          ({ title: values, skills, skill_max, ...level }): LevelInput => ({
            ...level,
            title: titleInput(values),
            skill_ids: skills,
            skill_max_points: Object.fromEntries(skills.map((id) => [id, Number(skill_max[id]?.trim())])),
          }),
        ),
    [t, number, title],
  );
}
