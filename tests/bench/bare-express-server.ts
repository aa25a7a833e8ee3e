// The ceiling for our polling path: Express (the version our server runs) with nothing but
// one route answering, from memory, the message list our server gave for the same mailbox.
// No auth, no rate limit, no contract validation, no database; Express's own defaults
// (`res.json`, a weak ETag) as anyone writing the smallest Express route would get them.
//
//   node --import tsx bare-express-server.ts PORT BODY.json
import fs from 'node:fs';
import express from 'express';

const port = Number(process.argv[2]);
const list: unknown = JSON.parse(fs.readFileSync(process.argv[3]!, 'utf8'));

const app = express();
app.get('/v1/messages', (_request, response) => {
  response.json(list);
});
const server = app.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
