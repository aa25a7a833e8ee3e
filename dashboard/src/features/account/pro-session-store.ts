import type { PageAddress } from '../address/page-address';
import { readStorage, removeStorage, writeStorage } from '../../shared/preferences/read-storage';

/** The stored Pro session, versioned `v2` (older versions are dropped). */
export const PRO_SESSION_KEY = 'tm_pro_session';
const VERSION = 2;

interface StoredProSession {
  version: typeof VERSION;
  address: string;
  expiresAt: number;
  account?: { id: string; password: string; token: string };
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** The stored address from its raw text, or undefined for anything but a whole v2 session. */
export function parseProSession(raw: string | null): PageAddress | undefined {
  if (raw === null) return undefined;
  let value: Partial<StoredProSession>;
  try {
    value = JSON.parse(raw) as Partial<StoredProSession>;
  } catch {
    return undefined;
  }
  if (value?.version !== VERSION || !isString(value.address)) return undefined;
  if (typeof value.expiresAt !== 'number' || !Number.isFinite(value.expiresAt)) return undefined;
  const { account } = value;
  if (account !== undefined) {
    const whole =
      typeof account === 'object' &&
      account !== null &&
      isString(account.id) &&
      isString(account.password) &&
      isString(account.token);
    if (!whole) return undefined;
  }
  return {
    address: value.address,
    expiresAt: value.expiresAt,
    ...(account ? { account } : {}),
  };
}

export function readProSession(): PageAddress | undefined {
  return parseProSession(readStorage(PRO_SESSION_KEY));
}

export function saveProSession(address: PageAddress): void {
  const stored: StoredProSession = { version: VERSION, ...address };
  writeStorage(PRO_SESSION_KEY, JSON.stringify(stored));
}

export function clearProSession(): void {
  removeStorage(PRO_SESSION_KEY);
}
