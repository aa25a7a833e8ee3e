// A tiny sign-up app, standing for the application a TempMail user tests: it mails a 6-digit
// code and a confirmation link, and confirms the address with either. Nothing here knows
// about TempMail: it sends ordinary mail over SMTP, as any application would.
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import nodemailer from 'nodemailer';

export interface ExampleAppOptions {
  /** The SMTP server the app sends through (in the tests: our server's own SMTP port). */
  smtpHost?: string;
  smtpPort: number;
}

export interface RunningExampleApp {
  readonly url: string;
  stop(): Promise<void>;
}

interface SignUp {
  email: string;
  code: string;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const signUpForm = page(
  'Sign up',
  `<form method="post" action="/sign-up">
    <label>Email <input type="email" name="email" required></label>
    <button>Sign up</button>
  </form>`,
);

const codeForm = (token: string, email: string) =>
  page(
    'Check your mail',
    `<p>We sent a code to ${escapeHtml(email)}.</p>
    <form method="post" action="/confirm">
      <input type="hidden" name="token" value="${token}">
      <label>Code <input name="code" inputmode="numeric" autocomplete="one-time-code" required></label>
      <button>Confirm</button>
    </form>`,
  );

const confirmedPage = (signUp: SignUp) =>
  page('Email confirmed', `<p>Welcome, ${escapeHtml(signUp.email)}.</p>`);

/** Starts the app on a free port of 127.0.0.1. */
export async function startExampleApp(options: ExampleAppOptions): Promise<RunningExampleApp> {
  const mailer = nodemailer.createTransport({
    host: options.smtpHost ?? '127.0.0.1',
    port: options.smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  // Keyed by the token of the confirmation link, which is also what the code form carries.
  const signUps = new Map<string, SignUp>();
  const app = express();
  app.use(express.urlencoded({ extended: false }));
  let url = '';

  app.get('/', (_request, response) => {
    response.type('html').send(signUpForm);
  });

  app.post('/sign-up', async (request, response) => {
    const email = String(request.body.email ?? '');
    const token = crypto.randomBytes(16).toString('hex');
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    signUps.set(token, { email, code });
    const link = `${url}/confirm?token=${token}`;
    await mailer.sendMail({
      from: 'Example App <no-reply@example-app.test>',
      to: email,
      subject: 'Confirm your email for Example App',
      text: `Your verification code is ${code}.\n\nOr confirm your email here: ${link}\n`,
      html:
        `<p>Your verification code is <b>${code}</b>.</p>` +
        `<p><a href="${link}">Confirm my email</a></p>`,
    });
    response.type('html').send(codeForm(token, email));
  });

  // The code typed into the form.
  app.post('/confirm', (request, response) => {
    const signUp = signUps.get(String(request.body.token ?? ''));
    if (!signUp || String(request.body.code ?? '').trim() !== signUp.code) {
      response.status(400).type('html').send(page('Wrong code', '<p>Try again.</p>'));
      return;
    }
    response.type('html').send(confirmedPage(signUp));
  });

  // The link in the mail.
  app.get('/confirm', (request, response) => {
    const signUp = signUps.get(String(request.query.token ?? ''));
    if (!signUp) {
      response.status(404).type('html').send(page('Unknown link', '<p>Sign up again.</p>'));
      return;
    }
    response.type('html').send(confirmedPage(signUp));
  });

  const server = await new Promise<ReturnType<typeof app.listen>>((resolve, reject) => {
    const listening = app.listen(0, '127.0.0.1', (error?: Error) =>
      error ? reject(error) : resolve(listening),
    );
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    async stop() {
      mailer.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
