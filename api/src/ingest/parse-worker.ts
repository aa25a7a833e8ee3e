// A parser thread: MIME parsing is CPU work that must neither block the SMTP and HTTP event
// loop nor run forever (a thread past its deadline is terminated by parser-pool.ts).
import { parentPort } from 'node:worker_threads';
import { useJoinedBlob } from './joined-blob.js';
import { parseMessage } from './parse-message.js';

useJoinedBlob();

parentPort?.postMessage({ ready: true });

parentPort?.on('message', async ({ id, raw }: { id: number; raw: Uint8Array }) => {
  const result = await parseMessage(raw);
  const transfer = result.attachments.map((attachment) => attachment.content.buffer as ArrayBuffer);
  parentPort?.postMessage({ id, result }, [...new Set(transfer)]);
});
