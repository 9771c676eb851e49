import { Fragment, type ReactNode } from "react";
import { EmptyState } from "./empty-state";

export const rowClass = "align-middle hover:bg-gray-50/70";
export const cellClass = "px-4 py-3 text-ink";

export interface Column<T> {
  header: string;
  cell: (row: T, index: number) => ReactNode;
  /** Classes of the header and the cells of this column (width, alignment). */
  className?: string;
  /** Keep the header for screen readers only (e.g. an actions column). */
  hideHeader?: boolean;
}

/**
 * The tables of the admin screens (s/n, name, … actions): a real <table> with a caption for
 * screen readers, scrolling sideways on small screens, and the empty text of docs/product.md#5-admin-screens
 * when empty.
 */
export function DataTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
  emptyIcon,
  rowClassName,
  renderRow,
  minWidthClass = "min-w-[32rem]",
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  empty: string;
  emptyIcon?: ReactNode;
  rowClassName?: (row: T) => string | undefined;
  /** Renders a whole <tr> instead of the columns' cells (rows with state spanning cells). */
  renderRow?: (row: T, index: number) => ReactNode;
  /** Below this width the table scrolls sideways instead of squeezing its columns. */
  minWidthClass?: string;
}) {
  if (rows.length === 0) return <EmptyState icon={emptyIcon}>{empty}</EmptyState>;
  return (
    <div className="relative overflow-x-auto rounded-lg border border-gray-200">
      <table className={`w-full ${minWidthClass} border-collapse text-left text-sm`}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-gray-50 text-gray-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                className={`border-b border-gray-200 px-4 py-3 text-xs font-semibold tracking-wide ${column.className ?? ""}`}
              >
                {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-200 bg-white">
          {rows.map((row, index) =>
            renderRow ? (
              <Fragment key={rowKey(row)}>{renderRow(row, index)}</Fragment>
            ) : (
              <tr key={rowKey(row)} className={`${rowClass} ${rowClassName?.(row) ?? ""}`}>
                {columns.map((column) => (
                  <td key={column.header} className={`${cellClass} ${column.className ?? ""}`}>
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            ),
          )}
        </tbody>
      </table>
    </div>
  );
}
