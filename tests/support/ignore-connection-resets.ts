import type { SMTPServer } from 'smtp-server';

/**
 * smtp-server reports a client that went away mid-session (a killed sender, a load
 * generator closing at the end) as an 'error' event on the server, which with no listener
 * ends the process. Those are ignored; any other error (a port in use) still ends it.
 */
export function ignoreConnectionResets(server: SMTPServer): void {
  server.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') throw error;
  });
}
