"use client";

import { Table } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";
import classes from "./DataTable.module.css";

export type Column<T> = {
  /** The header, and the label of the value on a phone's card ("" for an actions column). */
  label: string;
  cell: (row: T) => ReactNode;
  /** Shown first on a phone's card: the status a player looks for. */
  lead?: boolean;
};

/**
 * Every player and admin list (src/components/common/DataTable.module.css): a table on wide
 * screens (scrolling inside its box below `minWidth`), stacked cards with the status first on phones.
 */
export function DataTable<T>({
  rows,
  columns,
  rowKey,
  rowProps,
  minWidth = 0,
}: {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string;
  /** Extra attributes per row (data-testid and the like). */
  rowProps?: (row: T) => Record<string, string | undefined>;
  minWidth?: number;
}) {
  return (
    <div className={classes.scroll}>
      <Table striped className={classes.table} style={{ "--data-table-min-width": `${minWidth}px` } as CSSProperties}>
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
                <Table.Td key={`${i}-${c.label}`} data-label={c.label} data-lead={c.lead ? "" : undefined}>
                  {c.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
