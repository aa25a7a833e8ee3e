import type { CommandContext } from './command.js';
import { formatTable } from './format-table.js';
import { cleanLine } from './format-values.js';

/** How the items of a list print: as a table's rows for people, as fields for scripts. */
export interface ListLayout<T> {
  headers: string[];
  /** The item's cells in the table. */
  row(item: T): string[];
  /** The item's fields through a pipe: whole values for scripts (ISO 8601 dates, bytes). */
  fields(item: T): string[];
  /** The table's widest cell per column, as formatTable takes them. */
  maxWidths?: (number | undefined)[];
}

/**
 * A list as the README promises every list prints: on a terminal a table under a header
 * row, fitted to its width; through a pipe one tab-separated line per item and no header,
 * for `cut` and `grep`.
 */
export function printList<T>(
  context: CommandContext,
  items: readonly T[],
  layout: ListLayout<T>,
): void {
  if (!context.stdout.isTTY) {
    for (const item of items) context.print(tabLine(layout.fields(item)));
    return;
  }
  const table = formatTable(layout.headers, items.map(layout.row), {
    width: context.stdout.columns,
    maxWidths: layout.maxWidths,
  });
  context.print(table);
}

/**
 * Fields as one tab-separated line. Mail is written by strangers: a tab or a line break in a
 * subject or a file name would shift the fields or start a line.
 */
export function tabLine(fields: readonly string[]): string {
  return fields.map(cleanLine).join('\t');
}
