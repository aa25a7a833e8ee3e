// The ceiling for our server: smtp-server set up as ours is (no AUTH, no reverse DNS, SIZE,
// enhanced codes), reading each message to its end and throwing it away.
import { SMTPServer } from 'smtp-server';
import { ignoreConnectionResets } from '../support/ignore-connection-resets.js';

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
ignoreConnectionResets(server);
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
