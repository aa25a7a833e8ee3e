import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../../restrict-permissions.js';

/**
 * The key that signs mailbox tokens: JWT_SECRET when set (every node must share it), else
 * one made on first start and kept in DATA_DIR, readable by its owner only, so tokens
 * survive restarts of a single node with zero set-up.
 */
export function loadJwtSecret(configured: string | undefined, dataDir: string): Uint8Array {
  if (configured) return new TextEncoder().encode(configured);
  const file = path.join(dataDir, 'jwt-secret');
  try {
    return new Uint8Array(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const secret = randomBytes(32);
  // `wx`: if another process made one meanwhile, this fails and we read theirs.
  try {
    fs.writeFileSync(file, secret.toString('base64url'), { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return new Uint8Array(secret);
  } catch {
    return new Uint8Array(Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64url'));
  }
}
