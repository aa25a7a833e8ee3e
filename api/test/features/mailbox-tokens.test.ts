// Mailbox tokens: verified once and remembered, but never past their expiry, and a token
// changed in any way is verified afresh (and refused).
import { describe, expect, it } from 'vitest';
import { createMailboxTokens } from '../../src/features/mailboxes/mailbox-tokens.js';

const secret = new TextEncoder().encode('unit-test-secret-unit-test-secret!!');
const MAILBOX = { id: '65f1d0a1e5c3b2a4d6e8f101', address: 'a@tempmail.test', tokenGeneration: 0 };

describe('mailbox tokens', () => {
  it('verifies, remembers, and refuses once expired even when remembered', async () => {
    let now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const tokens = createMailboxTokens(secret, () => now);
    const mailbox = { ...MAILBOX, expiresAt: now + 60_000 };
    const token = await tokens.issue(mailbox);
    const claims = { mailboxId: MAILBOX.id, address: MAILBOX.address, generation: 0 };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    now += 60_000;
    expect(await tokens.verify(token)).toBeUndefined();
  });

  it('refuses a tampered token, and one signed with another key', async () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const tokens = createMailboxTokens(secret, () => now);
    const mailbox = { ...MAILBOX, expiresAt: now + 60_000 };
    const token = await tokens.issue(mailbox);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    forged.sub = '65f1d0a1e5c3b2a4d6e8f102';
    const tampered = `${header}.${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${signature}`;
    expect(await tokens.verify(tampered)).toBeUndefined();
    const other = createMailboxTokens(new TextEncoder().encode('x'.repeat(40)), () => now);
    expect(await other.verify(token)).toBeUndefined();
    const unsigned = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${payload}.`;
    expect(await tokens.verify(unsigned)).toBeUndefined();
  });

  it('carries the mailbox’s token generation past the first', async () => {
    const now = Date.UTC(2026, 10, 22, 9, 0, 0);
    const tokens = createMailboxTokens(secret, () => now);
    const token = await tokens.issue({ ...MAILBOX, tokenGeneration: 2, expiresAt: now + 60_000 });
    expect(await tokens.verify(token)).toMatchObject({ generation: 2 });
  });
});
