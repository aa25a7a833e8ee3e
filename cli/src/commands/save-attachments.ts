import fs from 'node:fs';
import path from 'node:path';
import { getMessage, readAttachment, unwrap, type AttachmentInfo } from '@tempmail/sdk';
import { messageId } from '../check-arguments.js';
import { messageMailboxHelp, messageMailboxOption, type Command } from '../command.js';
import { cleanLine, formatBytes } from '../format-values.js';
import { printList } from '../print-list.js';

export const saveAttachments: Command = {
  name: 'attachments',
  summary: 'List the attachments of a message, or save them with --out',
  usage: 'tempmail attachments ID [--out DIR] [--mailbox ADDRESS]',
  description: `Lists the attachments of the message ID: on a terminal as a table, through a pipe as
tab-separated lines (id, file name, content type, size in bytes). With --out, saves each
one into DIR (made if missing) and prints the paths written.

File names come from the sender, so only their last path segment is used, stripped of
control characters and leading dots; an existing file is never overwritten: "name (2).ext"
is written instead.

${messageMailboxHelp}`,
  arguments: [{ name: 'ID', description: 'the message id', required: true }],
  options: {
    out: { type: 'string', value: 'DIR', description: 'save the attachments into DIR' },
    mailbox: messageMailboxOption,
  },
  jsonOutput: '[AttachmentInfo...]; with --out each also has "path", the file written',
  exitCodes: [],
  examples: [
    { command: 'tempmail attachments 65f1c0ffee0ddba11c0ffee1', comment: 'what is attached' },
    {
      command: 'tempmail attachments 65f1c0ffee0ddba11c0ffee1 --out ./downloads',
      comment: 'save them',
    },
  ],
  async run(context, { values, positionals }) {
    const id = messageId(positionals[0]);
    const out = values.out as string | undefined;
    // The attachments are read with the client that found the message.
    const { client, attachments } = await context.withMessageClient(
      values.mailbox as string | undefined,
      async (client) => {
        const message = await unwrap(getMessage({ client, path: { id }, signal: context.signal }));
        return { client, attachments: message.attachments };
      },
    );

    if (out === undefined) {
      if (context.json) return context.printJson(attachments);
      if (attachments.length === 0) return context.note(`Message ${id} has no attachments.`);
      return printList(context, attachments, {
        headers: ['ID', 'SIZE', 'TYPE', 'NAME'],
        row: (a) => [a.id, formatBytes(a.size), a.contentType, cleanLine(a.filename)],
        fields: (a) => [a.id, a.filename, a.contentType, String(a.size)],
        maxWidths: [undefined, undefined, 30],
      });
    }

    fs.mkdirSync(out, { recursive: true });
    const saved: (AttachmentInfo & { path: string })[] = [];
    for (const attachment of attachments) {
      const bytes = await readAttachment(client, id, attachment.id, { signal: context.signal });
      const file = writeNewFile(
        out,
        safeFileName(attachment.filename, `attachment-${attachment.id}`),
        bytes,
      );
      saved.push({ ...attachment, path: file });
      if (!context.json) context.print(file);
    }
    if (context.json) context.printJson(saved);
    else if (saved.length === 0) context.note(`Message ${id} has no attachments.`);
  },
};

/**
 * A file name from a sender made safe to write: its last path segment (either slash),
 * without control characters, leading dots or spaces, at most 200 characters; `fallback`
 * when nothing is left.
 */
export function safeFileName(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = cleanLine(base)
    .replace(/[<>:"|?*]/g, '_')
    .replace(/^[.\s]+/, '')
    .replace(/[.\s]+$/, '');
  const chars = [...cleaned];
  if (chars.length === 0) return fallback;
  if (chars.length <= 200) return cleaned;
  const extension = path.extname(cleaned).slice(0, 20);
  return chars.slice(0, 200 - extension.length).join('') + extension;
}

// 'wx' fails when the file exists, so a name is claimed atomically and nothing is overwritten.
function writeNewFile(directory: string, name: string, bytes: Uint8Array): string {
  const extension = path.extname(name);
  const stem = name.slice(0, name.length - extension.length);
  for (let copy = 1; ; copy++) {
    const file = path.join(directory, copy === 1 ? name : `${stem} (${copy})${extension}`);
    try {
      fs.writeFileSync(file, bytes, { flag: 'wx' });
      return file;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}
