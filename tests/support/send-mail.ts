import nodemailer, { type SendMailOptions } from 'nodemailer';

/** Sends one message to our SMTP port with an ordinary client (nodemailer), as any sender would. */
export async function sendMail(smtpPort: number, mail: SendMailOptions): Promise<void> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port: smtpPort,
    secure: false,
    ignoreTLS: true,
  });
  try {
    await transport.sendMail(mail);
  } finally {
    transport.close();
  }
}
