// The ceiling for our server: smtp-server set up as ours is (no AUTH, no reverse DNS, SIZE,
// enhanced codes), reading each message to its end and throwing it away.
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const server = new SMTPServer({
  name: 'discard.bench.example',
  size: 31_457_280,
  disabledCommands: ['AUTH', 'STARTTLS'],
  hideSTARTTLS: true,
  hideENHANCEDSTATUSCODES: false,
  authOptional: true,
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback());
  },
});
// A connection reset by the load generator at the end is not the server failing; without a
// listener smtp-server's 'error' event would end the process mid-run. Anything else does.
server.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'ECONNRESET') throw error;
});
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
