import { describe, expect, it } from 'vitest';
import {
  CONSENT_VERSION,
  parseConsent,
  serializeConsent,
  uniformConsent,
} from '../src/features/consent/consent-store.js';

const GRANTED = {
  analytics_storage: true,
  ad_storage: true,
  ad_user_data: true,
  ad_personalization: true,
};
const DENIED = {
  analytics_storage: false,
  ad_storage: false,
  ad_user_data: false,
  ad_personalization: false,
};

const stored = (value: unknown) => JSON.stringify(value);

describe('parseConsent', () => {
  it('reads a stored version 1 choice', () => {
    const mixed = { ...DENIED, analytics_storage: true };
    expect(parseConsent(stored({ version: 1, preferences: mixed }))).toEqual(mixed);
  });

  it('finds no choice when nothing is stored', () => {
    expect(parseConsent(null)).toBeNull();
  });

  it.each(['', 'not json', '{"version":1,', 'null', '42', '"granted"', '[]'])(
    'finds no choice in %j',
    (raw) => {
      expect(parseConsent(raw)).toBeNull();
    },
  );

  it.each([0, 2, '1', undefined])('asks again for version %j', (version) => {
    expect(parseConsent(stored({ version, preferences: GRANTED }))).toBeNull();
  });

  it('asks again when a purpose is missing or not a boolean', () => {
    const partial: Partial<typeof GRANTED> = { ...GRANTED };
    delete partial.ad_personalization;
    expect(parseConsent(stored({ version: 1, preferences: partial }))).toBeNull();
    expect(
      parseConsent(stored({ version: 1, preferences: { ...GRANTED, ad_storage: 'yes' } })),
    ).toBeNull();
    expect(parseConsent(stored({ version: 1, preferences: null }))).toBeNull();
    expect(parseConsent(stored({ version: 1 }))).toBeNull();
  });

  it('keeps only the four purposes', () => {
    const withExtra = { ...GRANTED, marketing_emails: true };
    expect(parseConsent(stored({ version: 1, preferences: withExtra }))).toEqual(GRANTED);
  });
});

describe('accepting and declining', () => {
  it('accept all grants every purpose, decline all denies every one', () => {
    expect(uniformConsent(true)).toEqual(GRANTED);
    expect(uniformConsent(false)).toEqual(DENIED);
  });

  it('stores a versioned shape, which reads back the same', () => {
    const raw = serializeConsent(uniformConsent(false));
    expect(JSON.parse(raw)).toEqual({ version: CONSENT_VERSION, preferences: DENIED });
    expect(CONSENT_VERSION).toBe(1);
    expect(parseConsent(serializeConsent(uniformConsent(true)))).toEqual(GRANTED);
  });
});
