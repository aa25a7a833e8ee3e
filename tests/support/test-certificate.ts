import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A self-signed key and certificate for STARTTLS, in a temporary folder `remove()` deletes. */
export function createTestCertificate(commonName = 'mx.tempmail.test'): {
  keyFile: string;
  certFile: string;
  remove(): void;
} {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tempmail-tls-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      `/CN=${commonName}`,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { keyFile, certFile, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
