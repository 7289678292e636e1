// A table's row actions: icon buttons on a wide screen, one menu per row on a phone, where a row
// of icons would push the table past the screen's edge.
import {
  GridActionsCell,
  type GridActionsCellItemProps,
  type GridColDef,
  type GridRenderCellParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { usePhone } from '@/lib/use-phone';

/** An action is a `GridActionsCellItem`, or a component that takes `showInMenu` and hands it
 * on to the one it draws. */
type Action = ReactElement<Partial<GridActionsCellItemProps>>;

function RowActions<R extends GridValidRowModel>({ params, children }: { params: GridRenderCellParams<R>; children: ReactNode }) {
  const phone = usePhone();
  const actions = Children.toArray(children).filter(isValidElement) as Action[];
  return (
    // Components that ask before acting (and hold their dialog) are actions too.
    <GridActionsCell {...params} suppressChildrenValidation>
      {phone ? actions.map((action) => cloneElement(action, { showInMenu: true })) : actions}
    </GridActionsCell>
  );
}

/** The `actions` column: `actions(row)` lists a row's actions, in the order they show. */
export function actionsColumn<R extends GridValidRowModel>(
  headerName: string,
  width: number,
  actions: (row: R) => ReactNode,
): GridColDef<R> {
  return {
    field: 'actions',
    type: 'actions',
    headerName,
    width,
    renderCell: (params) => <RowActions params={params}>{actions(params.row)}</RowActions>,
  };
}
