/**
 * Large contents (raw sources, attachments) are written and read in pieces. What a
 * statement binds is copied on its way (better-sqlite3 hands SQLite a copy and SQLite builds
 * the row in memory; node-postgres puts the value into one protocol message), so one 25 MB
 * value costs a multiple of its size while it is written. A piece at a time, the copies
 * stay this small.
 */
export const CONTENT_PIECE_BYTES = 1 << 20;

/** Views (not copies) of the content, in order: the first piece, then the rest. */
export function splitContent(content: Uint8Array): { first: Uint8Array; rest: Uint8Array[] } {
  const rest: Uint8Array[] = [];
  for (let start = CONTENT_PIECE_BYTES; start < content.byteLength; start += CONTENT_PIECE_BYTES) {
    rest.push(content.subarray(start, start + CONTENT_PIECE_BYTES));
  }
  return { first: content.subarray(0, CONTENT_PIECE_BYTES), rest };
}

/** The whole content again; the first piece alone when there is no rest (no copy). */
export function joinContent(first: Uint8Array, rest: readonly Uint8Array[]): Uint8Array {
  return rest.length === 0 ? first : Buffer.concat([first, ...rest]);
}

/**
 * Rows split into multi-row inserts of at most `maxRows` rows and, past the first row of
 * each, at most CONTENT_PIECE_BYTES of content.
 */
export function* insertGroups<Row>(
  rows: readonly Row[],
  maxRows: number,
  bytesOf: (row: Row) => number,
): Generator<Row[]> {
  let group: Row[] = [];
  let bytes = 0;
  for (const row of rows) {
    const size = bytesOf(row);
    if (group.length > 0 && (group.length >= maxRows || bytes + size > CONTENT_PIECE_BYTES)) {
      yield group;
      group = [];
      bytes = 0;
    }
    group.push(row);
    bytes += size;
  }
  if (group.length > 0) yield group;
}
