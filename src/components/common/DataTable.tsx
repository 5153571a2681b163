"use client";

import { Text } from "@mantine/core";
import type { CSSProperties, HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import classes from "./DataTable.module.css";

export type Column<T> = {
  /** The header, and the label of the value on a phone's card ("" for an actions column). */
  label: string;
  cell: (row: T) => ReactNode;
  /** Shown first on a phone's card: the status a player looks for. */
  lead?: boolean;
  /** Extra props of this column's cells (a maximum width and the like). */
  cellProps?: TdHTMLAttributes<HTMLTableCellElement> & Record<`data-${string}`, string | undefined>;
};

type RowsProps<T> = {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Extra attributes per row (data-testid, a click handler and the like). */
  rowProps?: (row: T) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
};

/**
 * Columns as a plain striped table that keeps its columns on a phone. With `scrollMinWidth` it
 * scrolls sideways inside its own box below that width; without, the caller places it. Most admin
 * lists and small panels use it. Plain elements with the look of Mantine's Table
 * (DataTable.module.css): Mantine's Table imports its ScrollArea, which imports floating-ui (15 KB
 * of compressed script on every page with a table, the contest page's draw record among them).
 */
export function SimpleTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  scrollMinWidth,
  striped = true,
  withTableBorder = false,
  className,
  style,
  "data-testid": testId,
}: RowsProps<T> & {
  scrollMinWidth?: number;
  striped?: boolean;
  withTableBorder?: boolean;
  className?: string;
  style?: CSSProperties;
  "data-testid"?: string;
}) {
  const body = (
    <PlainTable
      className={className}
      striped={striped}
      withTableBorder={withTableBorder}
      data-testid={testId}
      style={scrollMinWidth ? { ...style, minWidth: scrollMinWidth } : style}
    >
      <thead>
        <tr>
          {columns.map((c, i) => (
            <th key={`${i}-${c.label}`}>{c.label}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((c, i) => (
              <td key={`${i}-${c.label}`} {...c.cellProps}>
                {c.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </PlainTable>
  );
  return scrollMinWidth ? <div className={classes.scroll}>{body}</div> : body;
}

/** A `<table>` with the look of Mantine's Table (DataTable.module.css `.simple`), for any rows. */
export function PlainTable({
  striped = false,
  withTableBorder = false,
  className,
  children,
  ...rest
}: { striped?: boolean; withTableBorder?: boolean; className?: string; children: ReactNode } & Omit<
  HTMLAttributes<HTMLTableElement>,
  "className" | "children"
> &
  Record<`data-${string}`, string | undefined>) {
  return (
    <table
      className={className ? `${classes.simple} ${className}` : classes.simple}
      data-striped={striped || undefined}
      data-with-border={withTableBorder || undefined}
      {...rest}
    >
      {children}
    </table>
  );
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
