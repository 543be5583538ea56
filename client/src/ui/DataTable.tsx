// The dashboard's tables: a bordered table (scrolling sideways where it is wider
// than the screen) whose rows turn into cards on phones, each cell under its
// column's name; placeholder rows while the first page loads, 'Load more' under
// paged ones, and the decision buttons of their rows.
import { Button, HStack, Skeleton, Stack, Table, Text, type ButtonProps, type SystemStyleObject, type TableColumnHeaderProps } from '@chakra-ui/react';
import { useMemo, type ReactNode } from 'react';
import { LuCheck, LuMoveHorizontal, LuX } from 'react-icons/lu';
import { LoadMore, type Paging } from './paging';

export interface Column extends TableColumnHeaderProps {
  label: string;
}

/** What a table is: its accessible name, its columns and the width below which it scrolls sideways (tablets; phones get cards). */
export interface TableFrame {
  label: string;
  columns: Column[];
  /** A size token, e.g. '4xl'. */
  minW: string;
  /** Say above the table that it scrolls sideways below 1280 px (on tablets: phones show cards). */
  scrollHint?: boolean;
}

/** Room for the column name at the start of each card line. */
const CARD_LABEL_WIDTH = '7.5rem';

/**
 * Below 768 px each row is a card: the header row is only there for screen
 * readers, and every cell is a line of the card, its column's name (from the
 * header, by position) before it. Cells never grow wider than the card.
 */
function cardsOnPhones(columns: Column[]): SystemStyleObject {
  const labels: SystemStyleObject = {};
  columns.forEach(({ label }, index) => {
    labels[`& tbody td:nth-of-type(${index + 1})::before`] = { content: JSON.stringify(label) };
  });
  return {
    mdDown: {
      display: 'block',
      '& thead': { position: 'absolute', width: '1px', height: '1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' },
      '& tbody': { display: 'flex', flexDirection: 'column', gap: '3' },
      '& tbody tr': { display: 'block', borderWidth: '1px', rounded: 'lg', px: '3', py: '2', bg: 'bg' },
      '& tbody td': {
        // A block that holds its floats: a column name on two lines makes its line taller
        // rather than running into the next one ("Viewings booked" over "Viewings held").
        display: 'flow-root',
        minHeight: '8',
        maxWidth: 'none',
        borderBottomWidth: '0',
        paddingInlineStart: `calc(${CARD_LABEL_WIDTH} + 0.75rem)`,
        paddingInlineEnd: '0',
        paddingBlock: '1.5',
        textAlign: 'start',
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
      },
      // The column name floats in the cell's start padding: its negative margin takes its width
      // and the gap back, so it pushes no content aside, yet its height counts.
      '& tbody td::before': {
        float: 'inline-start',
        width: CARD_LABEL_WIDTH,
        marginInlineStart: `calc(-1 * (${CARD_LABEL_WIDTH} + 0.75rem))`,
        color: 'fg.muted',
        fontSize: 'xs',
        fontWeight: 'semibold',
        textTransform: 'uppercase',
        letterSpacing: 'wide',
      },
      // The row's actions sit under the details, at the full width of the card.
      '& tbody td:last-of-type': { paddingInlineStart: '0', pt: '2.5' },
      '& tbody td:last-of-type::before': { display: 'none' },
      '& tbody td:last-of-type > *': { justifyContent: 'flex-start', flexWrap: 'wrap' },
      ...labels,
    },
  };
}

interface DataTableProps extends TableFrame {
  /** Rows are still loading (skeleton rows are the body). */
  busy?: boolean;
  /** A paged table: its 'Load more' goes under it. */
  paging?: Paging;
  children: ReactNode;
}

export function DataTable({ label, columns, minW, busy = false, scrollHint = false, paging, children }: DataTableProps) {
  const cards = useMemo(() => cardsOnPhones(columns), [columns]);
  const table = (
    <Table.ScrollArea borderWidth={{ base: '0', md: '1px' }} rounded="lg">
      <Table.Root size="sm" minW={{ base: 'auto', md: minW }} aria-label={label} aria-busy={busy} css={cards}>
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

/** From 768 to 1280 px the tables scroll sideways; say so, since the scrollbar is often hidden on touch screens. */
function TableScrollHint() {
  return (
    <HStack hideBelow="md" hideFrom="xl" gap="1.5" fontSize="xs" color="fg.muted" aria-hidden>
      <LuMoveHorizontal />
      <Text>Scroll the table sideways to see every column.</Text>
    </HStack>
  );
}
