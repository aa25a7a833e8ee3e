// The floor under our event fan-out figure: node:http alone holding `GET /v1/events` streams
// and, on `POST /fire`, answering 204 and then writing the posted JSON as one message frame to
// every stream. The same stream clients read it, so what they measure here is the cost of
// the clients and the loopback, not of any server logic.
//
//   node --import tsx bare-event-server.ts PORT
import http from 'node:http';

const port = Number(process.argv[2]);
const streams = new Set<http.ServerResponse>();

const server = http.createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/fire') {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      const { id } = JSON.parse(body) as { id: string };
      const frame = `event: message\nid: ${id}\ndata: ${body}\n\n`;
      for (const stream of streams) stream.write(frame);
    });
    return;
  }
  if (request.url !== '/v1/events') {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8' });
  response.write(': connected\n\n');
  streams.add(response);
  request.on('close', () => streams.delete(response));
});
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => {
  for (const stream of streams) stream.end();
  server.close(() => process.exit(0));
});
