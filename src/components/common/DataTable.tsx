"use client";

import { Table, type TableProps, Text, type TableTdProps, type TableTrProps } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./DataTable.module.css";

export type Column<T> = {
  /** The header, and the label of the value on a phone's card ("" for an actions column). */
  label: string;
  cell: (row: T) => ReactNode;
  /** Shown first on a phone's card: the status a player looks for. */
  lead?: boolean;
  /** Extra props of this column's cells (a maximum width and the like). */
  cellProps?: TableTdProps & Record<`data-${string}`, string | undefined>;
};

type RowsProps<T> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Extra attributes per row (data-testid, a click handler and the like). */
  rowProps?: (row: T) => TableTrProps & Record<`data-${string}`, string | undefined>;
};

/**
 * Columns as a plain striped Mantine table that keeps its columns on a phone. With `scrollMinWidth`
 * it scrolls sideways inside its own box below that width; without, the caller places it. Most
 * admin lists and small panels use it.
 */
export function SimpleTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  scrollMinWidth,
  ...table
}: RowsProps<T> & Omit<TableProps, "children"> & { scrollMinWidth?: number }) {
  const body = (
    <Table striped {...table}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((c, i) => (
            <Table.Th key={`${i}-${c.label}`}>{c.label}</Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <Table.Td key={`${i}-${c.label}`} {...c.cellProps}>
                {c.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
  return scrollMinWidth ? <Table.ScrollContainer minWidth={scrollMinWidth}>{body}</Table.ScrollContainer> : body;
}

/**
 * Every list of rows, the players' and the admins' (src/components/common/DataTable.module.css): a
 * table on wide screens (scrolling inside its box below `minWidth`), stacked cards with the status
 * first on phones, so no action (Approve, Credit, Mark shipped, End) sits off-screen.
 */
export function DataTable<T>({ columns, minWidth = 0, testId, ...rows }: RowsProps<T> & { minWidth?: number; testId?: string }) {
  return (
    <div className={classes.scroll} data-testid={testId}>
      <SimpleTable
        {...rows}
        className={classes.table}
        style={{ "--data-table-min-width": `${minWidth}px` } as CSSProperties}
        columns={columns.map((c) => ({
          ...c,
          cellProps: { ...c.cellProps, "data-label": c.label, "data-lead": c.lead ? "" : undefined },
        }))}
      />
    </div>
  );
}

/** A cell that names its row, with what qualifies the name beneath it in small dimmed text. */
export function NamedCell({ name, detail }: { name: ReactNode; detail: ReactNode }) {
  return (
    <>
      <Text size="sm" fw={600}>
        {name}
      </Text>
      <Text size="xs" c="dimmed">
        {detail}
      </Text>
    </>
  );
}
