// How the reader left a table (hidden columns, row density), saved on the server so that it
// follows them to any browser. A change shows at once; a save that fails leaves it shown here
// and the next change tries again.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { saveTableView } from '@/api/gen/account/account';
import type { Density, Preferences, TableName, TableView } from '@/api/gen/playtrack.schemas';
import { preferencesKey, usePreferences } from './preferences';

const STANDARD: TableView = { density: 'standard', hidden_columns: [] };

export function useTableView(table: TableName): { view: TableView; change: (changes: Partial<TableView>) => void } {
  const queryClient = useQueryClient();
  const { data, userId } = usePreferences();
  const view = useMemo(() => {
    const saved = data?.tables.find((t) => t.table === table);
    return saved ? { density: saved.density, hidden_columns: saved.hidden_columns } : STANDARD;
  }, [data, table]);
  const change = useCallback(
    (changes: Partial<TableView>) => {
      const next: TableView = { ...view, ...changes };
      queryClient.setQueryData<Preferences>(preferencesKey(userId), (current) =>
        current
          ? { ...current, tables: [...current.tables.filter((t) => t.table !== table), { table, ...next }] }
          : current,
      );
      if (userId === undefined) return;
      saveTableView(table, next).catch((error: unknown) => {
        console.warn('the table view was not saved', error);
      });
    },
    [queryClient, table, userId, view],
  );
  return { view, change };
}

export type { Density };
