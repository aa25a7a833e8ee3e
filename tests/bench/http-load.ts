// One HTTP load setting for every target of a benchmark: autocannon in this process on
// 127.0.0.1, a warm-up run whose figures are dropped, then the measured run.
import autocannon from 'autocannon';

export interface LoadSettings {
  connections: number;
  pipelining: number;
  warmUpSeconds: number;
  seconds: number;
}

export interface HttpFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers by status code; anything but `expectedStatus` makes the figure suspect. */
  statusCounts: Record<string, number>;
  /** Answers with another status than expected, plus connection errors and timeouts. */
  unexpected: number;
}

function run(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
  seconds: number,
) {
  return autocannon({
    url,
    headers,
    connections: settings.connections,
    pipelining: settings.pipelining,
    duration: seconds,
    timeout: 10,
  });
}

/** Loads `url` with GETs carrying `headers` and reports what came back. */
export async function measureHttp(
  url: string,
  headers: Record<string, string>,
  expectedStatus: number,
  settings: LoadSettings,
): Promise<HttpFigures> {
  await run(url, headers, settings, settings.warmUpSeconds);
  const result = await run(url, headers, settings, settings.seconds);
  const statusCounts: Record<string, number> = {};
  for (const [code, stats] of Object.entries(result.statusCodeStats ?? {}))
    statusCounts[code] = stats.count ?? 0;
  const answered = Object.values(statusCounts).reduce((sum, count) => sum + count, 0);
  const expected = statusCounts[String(expectedStatus)] ?? 0;
  return {
    // Only the expected answers count: a fast stream of 429s or 500s is no throughput.
    requestsPerSecond: Math.round(expected / result.duration),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: answered,
    statusCounts,
    unexpected: answered - expected + result.errors,
  };
}
