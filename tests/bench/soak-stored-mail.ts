// What the soak's mail became: read back from the scratch schema once the load is over,
// so "answered 250" can be checked message by message against "stored".
import pg from 'pg';

export interface StoredMail {
  total: number;
  pending: number;
  failed: number;
  /** Message numbers found (subjects are `soak N`), with how many times each. */
  numbers: Map<number, number>;
}

/**
 * Waits (up to `timeoutMs`) until nothing is left to parse and at least `acknowledged`
 * messages are stored, then reads every message's number.
 */
export async function readStoredMail(
  databaseUrl: string,
  acknowledged: number,
  timeoutMs: number,
): Promise<StoredMail> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const { rows } = await client.query<{ total: string; pending: string }>(
        "select count(*) as total, count(*) filter (where parse_state = 'pending') as pending from messages",
      );
      const settled = Number(rows[0]!.pending) === 0 && Number(rows[0]!.total) >= acknowledged;
      if (settled || performance.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
    // The subject once parsed; the raw head of anything else (pending, or failed to parse).
    const { rows } = await client.query<{ state: string; subject: string; head: string | null }>(
      `select m.parse_state as state, m.subject,
              case when m.subject like 'soak %' then null
                   else convert_from(substring(s.raw from 1 for 2048), 'LATIN1') end as head
         from messages m left join message_sources s on s.message_id = m.id`,
    );
    const numbers = new Map<number, number>();
    let pending = 0;
    let failed = 0;
    for (const row of rows) {
      if (row.state === 'pending') pending++;
      if (row.state === 'failed') failed++;
      const match =
        /^soak (\d+)$/.exec(row.subject) ?? /\r\nSubject: soak (\d+)\r\n/.exec(row.head ?? '');
      if (match) numbers.set(Number(match[1]), (numbers.get(Number(match[1])) ?? 0) + 1);
    }
    return { total: rows.length, pending, failed, numbers };
  } finally {
    await client.end();
  }
}
