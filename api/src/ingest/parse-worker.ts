// A parser thread: MIME parsing is CPU work that must neither block the SMTP and HTTP event
// loop nor run forever (a thread past its deadline is terminated by parser-pool.ts).
import { parentPort } from 'node:worker_threads';
import type { Body, ParsedMessage } from '../features/messages/message-types.js';
import { useJoinedBlob } from './joined-blob.js';
import { parseMessage, type ParsedText } from './parse-message.js';

/**
 * Results are held back at most this long to go with the next ones. The pool's deadline
 * runs for the first message it has no answer for, so an answer must not wait long.
 */
const HOLD_MS = 5;

/**
 * A body longer than this many characters goes on as its UTF-8 bytes, moved rather than
 * copied. As a string it was copied onto the main thread's heap, held there until its
 * commit (long enough, under load, to be promoted to the old generation) and copied again
 * to the writer thread. At 100 KB of HTML over 20 connections, as bytes: 3-4% less CPU a
 * message and the SMTP replies' p99 about 12% lower (ADR 0014). A short body stays a
 * string: encoding it and decoding it for storage would cost a 2 KB message about 8 µs.
 */
const LONG_BODY_CHARS = 16 * 1024;

const utf8 = new TextEncoder();

/** The parse to send on, its long bodies as bytes, and the buffers those move with. */
function forSending(parsed: ParsedText): { result: ParsedMessage; moved: ArrayBuffer[] } {
  const long = (body: string) => body.length > LONG_BODY_CHARS;
  // Most mail is short: sent as parsed, with no copy of the result.
  if (!long(parsed.text) && !long(parsed.html)) return { result: parsed, moved: [] };
  const moved: ArrayBuffer[] = [];
  const sendable = (body: string): Body => {
    if (!long(body)) return body;
    const bytes = utf8.encode(body);
    moved.push(bytes.buffer);
    return bytes;
  };
  return {
    result: { ...parsed, text: sendable(parsed.text), html: sendable(parsed.html) },
    moved,
  };
}

useJoinedBlob();

parentPort?.postMessage({ ready: true });

// The tasks posted together are answered together where they parse quickly: one message
// each way for the lot, not one per message.
parentPort?.on('message', async (tasks: { id: number; raw: Uint8Array }[]) => {
  let results: { id: number; result: ParsedMessage }[] = [];
  let transfer = new Set<ArrayBuffer>();
  let heldSince = performance.now();
  const send = () => {
    parentPort?.postMessage(results, [...transfer]);
    results = [];
    transfer = new Set();
    heldSince = performance.now();
  };
  for (const { id, raw } of tasks) {
    const { result, moved } = forSending(await parseMessage(raw));
    for (const buffer of moved) transfer.add(buffer);
    for (const attachment of result.attachments) {
      transfer.add(attachment.content.buffer as ArrayBuffer);
    }
    results.push({ id, result });
    if (performance.now() - heldSince > HOLD_MS) send();
  }
  if (results.length > 0) send();
});
