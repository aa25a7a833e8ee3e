// Reserved names: the rule every creation path shares, random local parts that never land on
// one, and the warning at start about a support address anybody could register.
import type * as NodeCrypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REQUIRED_RESERVED_NAMES } from '../support/required-reserved-names.js';

const draws = vi.hoisted(() => ({ queue: [] as number[] }));
vi.mock('node:crypto', async (importOriginal) => {
  const crypto = await importOriginal<typeof NodeCrypto>();
  return {
    ...crypto,
    randomInt: (max: number) => draws.queue.shift() ?? crypto.randomInt(max),
  };
});

const { isReservedLocalPart, randomLocalPart } =
  await import('../../src/features/mailboxes/addresses.js');
const { checkSupportEmail } = await import('../../src/features/contact/check-support-email.js');

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
/** Makes the next random draws spell `word`. */
const willDraw = (word: string) => draws.queue.push(...[...word].map((c) => ALPHABET.indexOf(c)));

afterEach(() => {
  draws.queue.length = 0;
});

describe('reserved local parts', () => {
  it('holds the RFC 2142 and role names, in any case and with any +tag', () => {
    for (const name of REQUIRED_RESERVED_NAMES) {
      expect(isReservedLocalPart(name, []), name).toBe(true);
      expect(isReservedLocalPart(name.toUpperCase(), []), name).toBe(true);
      expect(isReservedLocalPart(`${name}+tag`, []), name).toBe(true);
    }
    expect(isReservedLocalPart('Admin+x', [])).toBe(true);
  });

  it('adds the operator’s names, and leaves names that only look alike alone', () => {
    expect(isReservedLocalPart('Staff+x', ['staff'])).toBe(true);
    expect(isReservedLocalPart('staff', [])).toBe(false);
    for (const name of ['admins', 'supporter', 'my-admin', 'info1', 'postmaster2', 'help.desk']) {
      expect(isReservedLocalPart(name, []), name).toBe(false);
    }
  });

  it('never hands out a reserved random local part: it draws again', () => {
    willDraw('postmaster');
    willDraw('hostmaster');
    willDraw('k7x2mq0000');
    expect(randomLocalPart([])).toBe('k7x2mq0000');
    willDraw('abcde12345');
    willDraw('k7x2mq0001');
    expect(randomLocalPart(['abcde12345'])).toBe('k7x2mq0001');
  });
});

describe('the support address', () => {
  const settings = {
    mailDomains: ['tempmail.test', 'second.test'],
    reservedLocalParts: ['helpdesk'],
  };

  it('is a problem on a served domain under a name anybody could register', () => {
    for (const supportEmail of ['jane@tempmail.test', 'Team@Second.test']) {
      expect(checkSupportEmail({ ...settings, supportEmail })).toMatch(
        /^SUPPORT_EMAIL \(.+\) is on a domain we serve and its name is not reserved/,
      );
    }
  });

  it('is fine elsewhere, unset, or under a reserved name', () => {
    for (const supportEmail of [
      undefined,
      'help@operator.example',
      'support@tempmail.test',
      'Support+contact@tempmail.test',
      'helpdesk@second.test',
    ]) {
      expect(checkSupportEmail({ ...settings, supportEmail }), supportEmail).toBeUndefined();
    }
  });
});
