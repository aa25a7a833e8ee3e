// Two shapes of input that once made the real server answer 500: numbers past any bound in a
// query parameter (`?page=99999999999999999999`, `?limit=1e400`), and an attachment whose
// Content-Type Node refuses in a header. Each is now a 4xx in its surface's dialect, or a
// download as application/octet-stream, never a 5xx. fuzz-contract.test.ts sends the first
// shape at random too; here every parameter gets every form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../support/start-server.js';
import { sendMail } from '../support/send-mail.js';
import {
  HOSTILE_MEDIA_TYPES,
  messageWithHostileAttachments,
} from '../support/hostile-attachments.js';
import {
  buyPro,
  expectMailTmError,
  expectStandardError,
  mailTmAccount,
  readContract,
  send,
  startHostileServer,
  waitFor,
  type Browser,
} from './hostile-client.js';

let server: RunningServer;
let mailbox: { address: string; token: string };
let pro: Browser;

beforeAll(async () => {
  server = await startHostileServer();
  mailbox = await mailTmAccount(server.url);
  pro = await buyPro(server.url, 'malformed@example.com');
}, 120_000);
afterAll(() => server?.stop());

const contract = readContract();
const errorCodes = contract.components.schemas.ErrorCode!.enum as string[];

interface QueryParameter {
  name: string;
  in: string;
  schema: { type?: string; maximum?: number };
}

/** Every integer query parameter of the contract, with its GET operation. */
const integerParameters = Object.entries(contract.paths).flatMap(([path, item]) => {
  const operation = item.get as { tags?: string[]; parameters?: QueryParameter[] } | undefined;
  return (operation?.parameters ?? [])
    .filter((parameter) => parameter.in === 'query' && parameter.schema.type === 'integer')
    .map((parameter) => ({
      path,
      name: parameter.name,
      maximum: parameter.schema.maximum,
      mailTm: operation!.tags?.includes('mailtm') ?? false,
    }));
});

/** Past 2^64, past a double (Infinity, either sign), and one past the declared bound. */
const hugeForms = ['99999999999999999999', '1e400', '-1e400', 'Infinity', '1e21'];

describe('numbers past any bound in a query parameter', () => {
  it('finds the page and limit parameters, each with an upper bound', () => {
    expect(integerParameters.map(({ path, name }) => `${path}?${name}`)).toEqual(
      expect.arrayContaining(['/messages?page', '/domains?page', '/v1/messages?limit']),
    );
    for (const parameter of integerParameters) expect(parameter.maximum).toBeGreaterThan(0);
  });

  it.each(integerParameters)(
    'are a 400 on $path?$name',
    async ({ path, name, maximum, mailTm }) => {
      for (const value of [...hugeForms, String(maximum! + 1)]) {
        for (const accept of mailTm ? ['application/json', 'application/ld+json'] : ['*/*']) {
          const response = await send(server.url, {
            method: 'GET',
            path: `${path}?${name}=${value}`,
            headers: { authorization: `Bearer ${mailbox.token}`, accept },
          });
          if (mailTm) expectMailTmError(response, 400, accept === 'application/ld+json');
          else expectStandardError(response, 400, errorCodes);
          expect(response.text, `${name}=${value}`).toContain(`/query/${name}`);
        }
      }
    },
  );
});

const hostileTypes = HOSTILE_MEDIA_TYPES;

async function deliverHostileAttachments(to: string): Promise<void> {
  await sendMail(server.smtpPort, {
    envelope: { from: 'no-reply@shop.example', to: [to] },
    raw: messageWithHostileAttachments(to),
  });
}

describe('an attachment whose Content-Type Node refuses in a header', () => {
  it('downloads as application/octet-stream on mail.tm, /v1 and a Pro inbox', async () => {
    const created = await pro.post('/api/create-custom-email', {
      alias: 'hostilemime',
      domain: 'tempmail.test',
    });
    expect(created.status, created.text).toBe(201);
    const proAddress = (created.body as { address: string }).address;
    await deliverHostileAttachments(mailbox.address);
    await deliverHostileAttachments(proAddress);

    const authorization = `Bearer ${mailbox.token}`;
    const [message] = await waitFor(async () => {
      const listed = await send(server.url, {
        method: 'GET',
        path: '/v1/messages',
        headers: { authorization },
      });
      const { messages } = listed.body as { messages: { id: string; subject: string }[] };
      return messages.some((m) => m.subject === 'Hostile types') ? messages : undefined;
    });
    const [proMessage] = await waitFor(async () => {
      const { messages } = (await pro.get('/api/messages-all')).body as {
        messages: { id: string; subject: string }[];
      };
      return messages.some((m) => m.subject === 'Hostile types') ? messages : undefined;
    });

    const attachmentsOf = async (path: string, headers: Record<string, string>) =>
      (await send(server.url, { method: 'GET', path, headers })).body as {
        attachments: { id: string; contentType: string; downloadUrl: string }[];
      };
    const mailTm = await attachmentsOf(`/messages/${message!.id}`, {
      authorization,
      accept: 'application/json',
    });
    const v1 = await attachmentsOf(`/v1/messages/${message!.id}`, { authorization });
    const inbox = (await pro.get(`/api/message/${proMessage!.id}`)).body as typeof v1;
    const downloads = [
      ...mailTm.attachments.map((a) => ({ path: a.downloadUrl, headers: { authorization } })),
      ...v1.attachments.map((a) => ({ path: a.downloadUrl, headers: { authorization } })),
      ...inbox.attachments.map((a) => ({
        path: `/api/message/${proMessage!.id}/attachments/${a.id}`,
        headers: { cookie: pro.cookie },
      })),
    ];
    expect(downloads).toHaveLength(hostileTypes.length * 3);
    for (const listing of [mailTm, v1, inbox])
      expect(listing.attachments.map((a) => a.contentType)).toEqual(
        hostileTypes.map(() => 'application/octet-stream'),
      );
    for (const [position, download] of downloads.entries()) {
      const response = await send(server.url, { method: 'GET', ...download });
      expect(response.status, `${download.path}: ${response.text}`).toBe(200);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.text).toBe(`file ${position % hostileTypes.length}`);
    }
  });
});
