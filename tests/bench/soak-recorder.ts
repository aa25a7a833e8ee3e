// What the soak's clients saw: every operation with its start, end and outcome, the fault
// windows, and the figures drawn from them (per interval, and inside or outside a fault).
import { percentile } from './smtp-load.js';

export type Operation = 'smtp' | 'poll' | 'generate' | 'streamOpen';

/** `ok`, or what went wrong, e.g. `connection refused`, `HTTP 503 GET /v1/messages`. */
export type Outcome = string;

interface Sample {
  operation: Operation;
  startedAt: number;
  endedAt: number;
  outcome: Outcome;
}

interface Fault {
  name: string;
  startedAt: number;
  /** When the faulty part answered again; unset while the fault lasts. */
  endedAt?: number;
}

export interface LatencyFigures {
  count: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface ErrorsByWindow {
  duringFaults: Record<string, number>;
  outside: Record<string, number>;
}

/**
 * Clients need a moment after a fault ends (ioredis backs off up to 2 s between reconnects,
 * streams retry within 4 s), so its window stays open this long after the recovery.
 */
export const FAULT_GRACE_MS = 10_000;

export function figures(values: readonly number[]): LatencyFigures {
  const round = (ms: number) => Number(ms.toFixed(1));
  return {
    count: values.length,
    p50Ms: round(percentile(values, 50)),
    p99Ms: round(percentile(values, 99)),
    maxMs: round(values.length > 0 ? Math.max(...values) : Number.NaN),
  };
}

function add(counts: Record<string, number>, key: string, by = 1): void {
  counts[key] = (counts[key] ?? 0) + by;
}

/** What a failed fetch or socket says, in the words of the report. */
export function describeError(error: unknown): Outcome {
  const named = error as { name?: string; code?: string; cause?: { code?: string } };
  if (named.name === 'TimeoutError' || named.name === 'AbortError') return 'timeout';
  const code = named.cause?.code ?? named.code;
  if (code === 'ECONNREFUSED') return 'connection refused';
  if (code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET')
    return 'connection reset';
  if (code === 'ETIMEDOUT' || code === 'UND_ERR_HEADERS_TIMEOUT') return 'timeout';
  return code ?? (error instanceof Error ? error.message : String(error));
}

export class SoakRecorder {
  private readonly samples: Sample[] = [];
  private readonly faults: Fault[] = [];
  /** Event frames: when the message was acknowledged and when a stream got it. */
  private readonly deliveries: { acknowledgedAt: number; heardAt: number }[] = [];
  /** Problems that are not one operation's outcome (a stream cut, a node's error log). */
  private readonly incidents: { at: number; kind: string }[] = [];

  record(operation: Operation, startedAt: number, outcome: Outcome): void {
    this.samples.push({ operation, startedAt, endedAt: performance.now(), outcome });
  }

  delivered(acknowledgedAt: number, heardAt: number): void {
    this.deliveries.push({ acknowledgedAt, heardAt });
  }

  incident(kind: string, at = performance.now()): void {
    this.incidents.push({ at, kind });
  }

  faultStarted(name: string): void {
    this.faults.push({ name, startedAt: performance.now() });
  }

  faultEnded(name: string): void {
    const fault = this.faults.findLast((each) => each.name === name && each.endedAt === undefined);
    if (fault) fault.endedAt = performance.now();
  }

  /** The faults as the report gives them, in seconds from `origin`. */
  faultWindows(origin: number): { name: string; fromS: number; toS: number | null }[] {
    const seconds = (at: number) => Number(((at - origin) / 1000).toFixed(1));
    return this.faults.map((fault) => ({
      name: fault.name,
      fromS: seconds(fault.startedAt),
      toS: fault.endedAt === undefined ? null : seconds(fault.endedAt),
    }));
  }

  /** The faults whose window (with its grace period) overlaps [from, to]. */
  private faultsIn(from: number, to: number): Fault[] {
    return this.faults.filter(
      (fault) => from <= (fault.endedAt ?? Infinity) + FAULT_GRACE_MS && to >= fault.startedAt,
    );
  }

  /** Whether [from, to] overlaps a fault window (with its grace period). */
  inFault(from: number, to = from): boolean {
    return this.faultsIn(from, to).length > 0;
  }

  /** The names of the faults whose windows overlap [from, to]. */
  faultNames(from: number, to = from): string[] {
    return this.faultsIn(from, to).map((fault) => fault.name);
  }

  latencies(operation: Operation | 'event', from = -Infinity, to = Infinity): LatencyFigures {
    if (operation === 'event') {
      return figures(
        this.deliveries
          .filter((each) => each.heardAt >= from && each.heardAt < to)
          .map((each) => each.heardAt - each.acknowledgedAt),
      );
    }
    return figures(
      this.samples
        .filter(
          (each) =>
            each.operation === operation &&
            each.outcome === 'ok' &&
            each.endedAt >= from &&
            each.endedAt < to,
        )
        .map((each) => each.endedAt - each.startedAt),
    );
  }

  /** Latencies of each operation inside and outside the fault windows. */
  latenciesByWindow(): Record<string, { duringFaults: LatencyFigures; outside: LatencyFigures }> {
    const result: Record<string, { duringFaults: LatencyFigures; outside: LatencyFigures }> = {};
    for (const operation of ['smtp', 'poll', 'generate', 'streamOpen'] as const) {
      const ok = this.samples.filter(
        (each) => each.operation === operation && each.outcome === 'ok',
      );
      const split = (during: boolean) =>
        figures(
          ok
            .filter((each) => this.inFault(each.startedAt, each.endedAt) === during)
            .map((each) => each.endedAt - each.startedAt),
        );
      result[operation] = { duringFaults: split(true), outside: split(false) };
    }
    const events = (during: boolean) =>
      figures(
        this.deliveries
          .filter((each) => this.inFault(each.acknowledgedAt, each.heardAt) === during)
          .map((each) => each.heardAt - each.acknowledgedAt),
      );
    result.event = { duringFaults: events(true), outside: events(false) };
    return result;
  }

  /** Operations by outcome between `from` and `to` (by end time). */
  outcomes(from = -Infinity, to = Infinity): Record<Operation, { ok: number; failed: number }> {
    const counts = {} as Record<Operation, { ok: number; failed: number }>;
    for (const operation of ['smtp', 'poll', 'generate', 'streamOpen'] as const)
      counts[operation] = { ok: 0, failed: 0 };
    for (const each of this.samples) {
      if (each.endedAt < from || each.endedAt >= to) continue;
      if (each.outcome === 'ok') counts[each.operation].ok++;
      else counts[each.operation].failed++;
    }
    return counts;
  }

  /** Every failure and incident by kind, inside or outside the fault windows. */
  errors(from = -Infinity, to = Infinity): ErrorsByWindow {
    const result: ErrorsByWindow = { duringFaults: {}, outside: {} };
    for (const each of this.samples) {
      if (each.outcome === 'ok' || each.endedAt < from || each.endedAt >= to) continue;
      const window = this.inFault(each.startedAt, each.endedAt) ? 'duringFaults' : 'outside';
      add(result[window], `${each.operation}: ${each.outcome}`);
    }
    for (const each of this.incidents) {
      if (each.at < from || each.at >= to) continue;
      add(result[this.inFault(each.at) ? 'duringFaults' : 'outside'], each.kind);
    }
    return result;
  }

  /** HTTP answers 500 and up outside the fault windows. */
  unexpected5xx(): number {
    const { outside } = this.errors();
    return Object.entries(outside)
      .filter(([kind]) => /HTTP 5\d\d /.test(kind))
      .reduce((sum, [, count]) => sum + count, 0);
  }
}
