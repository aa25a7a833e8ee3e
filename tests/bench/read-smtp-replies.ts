import type net from 'node:net';

/**
 * Calls `onReply` with each complete reply from the server, as its last line: the lines of
 * a multi-line reply before it (`250-PIPELINING`...) are skipped.
 */
export function readSmtpReplies(socket: net.Socket, onReply: (line: string) => void): void {
  let buffer = '';
  socket.setEncoding('latin1');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    for (;;) {
      const end = buffer.indexOf('\r\n');
      if (end < 0) break;
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (line[3] !== '-') onReply(line);
    }
  });
}
