// Which event frames the soak's streams should have had, and which they got: a stream owes
// a frame for each message acknowledged to its mailbox while it was open (one cut and
// resumed with Last-Event-ID may get more, replayed; those count as received, not owed).
import type { SoakRecorder } from './soak-recorder.js';
import type { SoakStream } from './soak-streams.js';

export interface AcknowledgedMessage {
  to: string;
  /** performance.now() of its 250. */
  acknowledgedAt: number;
  /** The stream mailbox (by index) it went to, if it went to one. */
  streamMailbox?: number;
}

type Acknowledged = ReadonlyMap<number, AcknowledgedMessage>;

function owed(stream: SoakStream, acknowledged: Acknowledged): [number, AcknowledgedMessage][] {
  return [...acknowledged.entries()].filter(
    ([, message]) =>
      message.streamMailbox === stream.mailbox &&
      stream.openIntervals.some(
        (open) =>
          message.acknowledgedAt >= open.from && message.acknowledgedAt <= (open.to ?? Infinity),
      ),
  );
}

export function countMissingFrames(streams: readonly SoakStream[], acknowledged: Acknowledged) {
  return streams.reduce(
    (sum, stream) => sum + owed(stream, acknowledged).filter(([n]) => !stream.heard.has(n)).length,
    0,
  );
}

/** Frames owed and received; the missing ones by the fault window of their message's 250. */
export function tallyFrames(
  streams: readonly SoakStream[],
  acknowledged: Acknowledged,
  recorder: SoakRecorder,
) {
  const events = {
    expected: 0,
    received: 0,
    missingDuringFaults: 0,
    missingOutside: 0,
    missingByFault: {} as Record<string, number>,
  };
  /** Message number -> the nodes of the streams that missed it, outside the faults. */
  const missedOutside = new Map<number, string[]>();
  for (const stream of streams) {
    for (const [n, message] of owed(stream, acknowledged)) {
      events.expected++;
      if (stream.heard.has(n)) events.received++;
      else if (recorder.inFault(message.acknowledgedAt)) {
        events.missingDuringFaults++;
        for (const name of recorder.faultNames(message.acknowledgedAt))
          events.missingByFault[name] = (events.missingByFault[name] ?? 0) + 1;
      } else {
        events.missingOutside++;
        missedOutside.set(n, [...(missedOutside.get(n) ?? []), stream.node]);
      }
    }
  }
  return { events, missedOutside };
}
