/**
 * A table for a terminal: a header row, columns padded to their widest cell, two spaces
 * apart. A cell longer than its column's `maxWidths` entry is cut with "…", and so is the
 * last column, so each row fits in `width` columns.
 */
export function formatTable(
  headers: string[],
  rows: string[][],
  { width, maxWidths = [] }: { width?: number; maxWidths?: (number | undefined)[] } = {},
): string {
  // A terminal that reports no size (0 columns) gets a usual width.
  const room = width || 100;
  const cut = rows.map((row) =>
    row.map((cell, column) => truncate(cell, maxWidths[column] ?? Number.POSITIVE_INFINITY)),
  );
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...cut.map((row) => [...(row[column] ?? '')].length)),
  );
  const fixed = widths.slice(0, -1).reduce((sum, w) => sum + w + 2, 0);
  const lastWidth = Math.max(10, room - fixed);
  const line = (cells: string[]) =>
    cells
      .map((cell, column) =>
        column === cells.length - 1
          ? truncate(cell, lastWidth)
          : cell + ' '.repeat(Math.max(0, (widths[column] ?? 0) - [...cell].length)),
      )
      .join('  ')
      .trimEnd();
  return [line(headers), ...cut.map(line)].join('\n');
}

function truncate(text: string, width: number): string {
  const chars = [...text];
  return chars.length <= width ? text : `${chars.slice(0, width - 1).join('')}…`;
}
