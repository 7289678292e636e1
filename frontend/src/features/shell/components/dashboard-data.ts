// The dashboards' figures, worked out of the API's answers: the strongest and weakest skills,
// the most and least active companies, each batch's progress, a trainee's way through the
// chapters, the report screens a figure drills into, and the reminder e-mails (mailto: links,
// nothing is sent by the portal).
import type {
  Catalogue,
  CompanyActivity,
  ReportRow,
  ReportRowCellsItem,
  ScoreReport,
  TitleDto,
} from '@/api/gen/playtrack.schemas';
import { ROLE_PREFIX } from '@/lib/paths';
import type { Role } from '@/lib/session';

/** The most skills, and companies, each end of a ranking shows. */
export const SKILLS_EACH_END = 3;
export const COMPANIES_EACH_END = 5;
/** The largest page the reports answer: every batch, at once. */
export const ALL_ROWS = 200;
/** The attempts a trainee's dashboard lists. */
export const RECENT_ATTEMPTS = 5;
/** How far back the dashboard's "this week" and "last 30 days" reach. */
export const WEEK_DAYS = 7;
export const ACTIVITY_DAYS = 30;

/** A screen under the role's prefix — a report (`score`, `score/skill`, `userdetails` …) or the
 * seats' `licencesummary` — with its filters. */
export function reportPath(role: Role, screen: string, filters: Record<string, string> = {}): string {
  const query = new URLSearchParams(filters).toString();
  return `/${ROLE_PREFIX[role]}/${screen}${query === '' ? '' : `?${query}`}`;
}

/** The day (UTC, `YYYY-MM-DD`) `days` before `now`: where "the last N days" start. */
export function daysAgo(days: number, now: Date = new Date()): string {
  const day = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  return day.toISOString().slice(0, 10);
}

/** A report cell as a number (times and texts are not). */
export function numberOf(cell: ReportRowCellsItem | undefined): number | null {
  return typeof cell === 'number' ? cell : null;
}

/** A row's cell under the column keyed `key`. */
export function cellOf(report: ScoreReport, row: ReportRow, key: string): ReportRowCellsItem | undefined {
  const index = report.columns.findIndex((column) => column.key === key);
  return index < 0 ? undefined : row.cells[index];
}

export interface ColumnValue {
  key: string;
  label: string;
  value: number;
}

/** The columns of a one-row report (a skill or chapter view of everything, or of oneself) with
 * their value, in the report's order; the ones nothing was played in are left out. */
export function columnValues(report: ScoreReport | undefined): ColumnValue[] {
  const row = report?.rows[0];
  if (!report || !row) return [];
  return report.columns.flatMap((column, index) => {
    const value = numberOf(row.cells[index]);
    return value === null ? [] : [{ key: column.key, label: column.label, value }];
  });
}

/** The two ends of a ranking (highest first), never sharing an entry: the top `each` and the
 * bottom `each` (lowest first); with few entries, the upper half is the top. */
export function twoEnds<T>(ranked: readonly T[], each: number): { top: T[]; bottom: T[] } {
  const top = ranked.slice(0, Math.min(each, Math.ceil(ranked.length / 2)));
  const bottom = ranked.slice(Math.max(top.length, ranked.length - each)).reverse();
  return { top, bottom };
}

/** The strongest and weakest skills of a one-row skill view. */
export function strongestAndWeakest(report: ScoreReport | undefined): { strongest: ColumnValue[]; weakest: ColumnValue[] } {
  const ranked = [...columnValues(report)].sort((a, b) => b.value - a.value || a.label.localeCompare(b.label));
  const { top, bottom } = twoEnds(ranked, SKILLS_EACH_END);
  return { strongest: top, weakest: bottom };
}

/** The most active companies (most first) and the least active (least first). */
export function mostAndLeastActive(activity: readonly CompanyActivity[]): { most: CompanyActivity[]; least: CompanyActivity[] } {
  // The server sends them most active first; sorting again keeps that true whatever comes.
  const ranked = [...activity].sort((a, b) => b.attempts - a.attempts || a.name.localeCompare(b.name));
  const { top, bottom } = twoEnds(ranked, COMPANIES_EACH_END);
  return { most: top, least: bottom };
}

export interface BatchProgress {
  id: string;
  name: string;
  /** Percent of the maximum; `null` before anything was played. */
  score: number | null;
  /** Levels played per trainee who played. */
  levelsPerTrainee: number | null;
}

/** Each batch's score and levels per trainee, from the overview grouped by batch. */
export function batchProgress(report: ScoreReport | undefined): BatchProgress[] {
  if (!report) return [];
  // A batch that has not started has nothing to chart.
  return report.rows.filter((row) => row.started).map((row) => {
    const levels = numberOf(cellOf(report, row, 'levels'));
    const trainees = numberOf(cellOf(report, row, 'trainees'));
    return {
      id: row.id,
      name: row.label,
      score: numberOf(cellOf(report, row, 'score')),
      levelsPerTrainee: levels !== null && trainees !== null && trainees > 0 ? levels / trainees : null,
    };
  });
}

export interface ChapterProgress {
  id: string;
  number: number;
  title: string;
  completed: number;
  total: number;
  /** The trainee's score in the chapter, percent; `null` before they played it. */
  score: number | null;
}

/** A trainee's way through the chapters: per chapter (by number), the levels they completed of
 * those it has (retired levels count only once completed), and their score there. `levels` is
 * their level view, `chapters` their chapter view, each a single row: themself. */
export function chapterProgress(
  catalogue: Catalogue | undefined,
  levels: ScoreReport | undefined,
  chapters: ScoreReport | undefined,
  title: (title: TitleDto) => string,
): ChapterProgress[] {
  if (!catalogue) return [];
  const completed = new Set(columnValues(levels).map((column) => column.key));
  const scores = new Map(columnValues(chapters).map((column) => [column.key, column.value]));
  return [...catalogue.chapters]
    .sort((a, b) => a.number - b.number)
    .map((chapter) => {
      const own = catalogue.levels.filter(
        (level) => level.chapter_id === chapter.id && (!level.retired_at || completed.has(level.id)),
      );
      return {
        id: chapter.id,
        number: chapter.number,
        title: title(chapter.title),
        completed: own.filter((level) => completed.has(level.id)).length,
        total: own.length,
        score: scores.get(chapter.id) ?? null,
      };
    })
    .filter((chapter) => chapter.total > 0);
}

interface Mail {
  to?: string;
  bcc?: readonly string[];
  subject: string;
  body: string;
}

/** An address as a mailto: URL spells it: encoded, but for its `@`. */
const address = (email: string) => encodeURIComponent(email).replace(/%40/g, '@');

/** A mailto: link (RFC 6068) that opens the reader's mail program with the message written. */
export function mailto({ to, bcc, subject, body }: Mail): string {
  const fields = [`subject=${encodeURIComponent(subject)}`, `body=${encodeURIComponent(body.replace(/\r?\n/g, '\r\n'))}`];
  if (bcc && bcc.length > 0) fields.unshift(`bcc=${bcc.map(address).join(',')}`);
  return `mailto:${to ? address(to) : ''}?${fields.join('&')}`;
}
