// An import refused as a whole (`IMPORT_REJECTED`) names each problem as `<list>.<line>.<field>`;
// the screens put them back on the lines of the preview they showed.
import type { FieldError } from '@/api/gen/playtrack.schemas';
import { ApiError } from './api-client';

interface Checked {
  line: number;
  problems: FieldError[];
}

/** `items` with the problems `error` names for their lines under `list` (`rows`, `entries`);
 * lines it does not name keep theirs. */
export function withRejections<T extends Checked>(items: readonly T[], error: unknown, list: string): T[] {
  if (!(error instanceof ApiError)) return [...items];
  const pattern = new RegExp(`^${list}\\.(\\d+)\\.(.+)$`);
  const byLine = new Map<number, FieldError[]>();
  for (const { field, code } of error.fieldErrors) {
    const match = pattern.exec(field);
    if (!match) continue;
    const line = Number(match[1]);
    byLine.set(line, [...(byLine.get(line) ?? []), { field: match[2] ?? '', code }]);
  }
  return items.map((item) => ({ ...item, problems: byLine.get(item.line) ?? item.problems }));
}
