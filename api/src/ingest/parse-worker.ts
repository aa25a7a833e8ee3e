// A parser thread: MIME parsing is CPU work that must neither block the SMTP and HTTP event
// loop nor run forever (a thread past its deadline is terminated by parser-pool.ts).
import { parentPort } from 'node:worker_threads';
import type { ParsedMessage } from '../features/messages/message-types.js';
import { useJoinedBlob } from './joined-blob.js';
import { parseMessage } from './parse-message.js';

/**
 * Results are held back at most this long to go with the next ones. The pool's deadline
 * runs for the first message it has no answer for, so an answer must not wait long.
 */
const HOLD_MS = 5;

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
    const result = await parseMessage(raw);
    for (const attachment of result.attachments) {
      transfer.add(attachment.content.buffer as ArrayBuffer);
    }
    results.push({ id, result });
    if (performance.now() - heldSince > HOLD_MS) send();
  }
  if (results.length > 0) send();
});
