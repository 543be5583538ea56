// The dashboard's tables: a bordered table that scrolls sideways on narrow
// screens, its column headers, placeholder rows while the first page loads,
// 'Load more' under paged ones, and the decision buttons of their rows.
import { Button, HStack, Skeleton, Stack, Table, Text, type ButtonProps, type TableColumnHeaderProps, type TableRootProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { LuCheck, LuMoveHorizontal, LuX } from 'react-icons/lu';
import { LoadMore, type Paging } from './paging';

export interface Column extends TableColumnHeaderProps {
  label: string;
}

/** What a table is: its accessible name, its columns and the width below which it scrolls sideways. */
export interface TableFrame {
  label: string;
  columns: Column[];
  minW: TableRootProps['minW'];
  /** Say above the table that it scrolls sideways below 1280 px. */
  scrollHint?: boolean;
}

interface DataTableProps extends TableFrame {
  /** Rows are still loading (skeleton rows are the body). */
  busy?: boolean;
  /** A paged table: its 'Load more' goes under it. */
  paging?: Paging;
  children: ReactNode;
}

export function DataTable({ label, columns, minW, busy = false, scrollHint = false, paging, children }: DataTableProps) {
  const table = (
    <Table.ScrollArea borderWidth="1px" rounded="lg">
      <Table.Root size="sm" minW={minW} aria-label={label} aria-busy={busy}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            {columns.map(({ label: header, ...props }) => (
              <Table.ColumnHeader key={header} {...props}>
                {header}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
  const hinted = scrollHint ? (
    <Stack gap="2">
      <TableScrollHint />
      {table}
    </Stack>
  ) : (
    table
  );
  if (!paging) return hinted;
  return (
    <Stack gap="4">
      {hinted}
      <LoadMore paging={paging} />
    </Stack>
  );
}

/** The table with placeholder rows, while its first page loads. */
export function DataTableSkeleton({ rows, ...table }: TableFrame & { rows: number }) {
  return (
    <DataTable {...table} busy>
      {Array.from({ length: rows }, (_, row) => (
        <Table.Row key={row}>
          {table.columns.map((column) => (
            <Table.Cell key={column.label}>
              <Skeleton height="5" />
            </Table.Cell>
          ))}
        </Table.Row>
      ))}
    </DataTable>
  );
}

export interface RowDecision {
  /** The button's text: 'Verify', 'Accept', 'Reject'. */
  label: string;
  /** Its accessible name, naming the row: 'Verify Palm Court'. */
  ariaLabel: string;
  loading: boolean;
  loadingText?: string;
  onClick: () => void;
}

const DECISION_LOOK: Array<Pick<ButtonProps, 'colorPalette' | 'variant'> & { icon: ReactNode }> = [
  { colorPalette: 'green', icon: <LuCheck aria-hidden /> },
  { colorPalette: 'red', variant: 'outline', icon: <LuX aria-hidden /> },
];

/** The Actions cell of a row awaiting a decision: approve and reject side by side; 'No actions' once decided. */
export function DecisionCell({ pending, approve, reject, disabled }: { pending: boolean; approve: RowDecision; reject: RowDecision; disabled: boolean }) {
  return (
    <Table.Cell textAlign="end">
      {pending ? (
        <HStack gap="2" justify="end">
          {[approve, reject].map(({ label, ariaLabel, loading, loadingText, onClick }, index) => {
            const { icon, ...look } = DECISION_LOOK[index];
            return (
              <Button key={label} size="xs" {...look} aria-label={ariaLabel} loading={loading} loadingText={loadingText} disabled={disabled} onClick={onClick}>
                {icon} {label}
              </Button>
            );
          })}
        </HStack>
      ) : (
        <NoRowActions />
      )}
    </Table.Cell>
  );
}

/** A row nothing can be done to (or, with children, why not: 'Your account'). */
export function NoRowActions({ children = 'No actions' }: { children?: ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.muted" whiteSpace="nowrap">
      {children}
    </Text>
  );
}

/** Below 1280 px the tables scroll sideways; say so, since the scrollbar is often hidden on touch screens. */
function TableScrollHint() {
  return (
    <HStack hideFrom="xl" gap="1.5" fontSize="xs" color="fg.muted" aria-hidden>
      <LuMoveHorizontal />
      <Text>Scroll the table sideways to see every column.</Text>
    </HStack>
  );
}
