import { useMemo, useSyncExternalStore } from 'react';
import { createStore } from '../../shared/create-store';
import { readStorage, writeStorage } from '../../shared/preferences/read-storage';

export const CONSENT_STORAGE_KEY = 'tm_consent';

/** Bumped when the purposes change, so everyone is asked again rather than assumed to agree. */
export const CONSENT_VERSION = 1;

/** Google consent mode's purposes, by its own names, so a tag can take them as they are. */
export const CONSENT_PURPOSES = [
  'analytics_storage',
  'ad_storage',
  'ad_user_data',
  'ad_personalization',
] as const;

export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export type ConsentPreferences = Record<ConsentPurpose, boolean>;

/** Accept all (`true`) or decline all (`false`). */
export function uniformConsent(granted: boolean): ConsentPreferences {
  return {
    analytics_storage: granted,
    ad_storage: granted,
    ad_user_data: granted,
    ad_personalization: granted,
  };
}

/**
 * The stored choice, or null when there is none to honour: nothing stored, not JSON, another
 * version, or a purpose missing or not a boolean. Null means the banner asks again.
 */
export function parseConsent(raw: string | null): ConsentPreferences | null {
  if (raw === null) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof stored !== 'object' || stored === null) return null;
  const { version, preferences } = stored as { version?: unknown; preferences?: unknown };
  if (version !== CONSENT_VERSION || typeof preferences !== 'object' || preferences === null) {
    return null;
  }
  const flags = preferences as Record<string, unknown>;
  if (!CONSENT_PURPOSES.every((purpose) => typeof flags[purpose] === 'boolean')) return null;
  return Object.fromEntries(
    CONSENT_PURPOSES.map((purpose) => [purpose, flags[purpose]]),
  ) as ConsentPreferences;
}

export function serializeConsent(preferences: ConsentPreferences): string {
  return JSON.stringify({ version: CONSENT_VERSION, preferences });
}

export function readConsent(): ConsentPreferences | null {
  return parseConsent(readStorage(CONSENT_STORAGE_KEY));
}

const listeners = new Set<() => void>();

export function saveConsent(preferences: ConsentPreferences): void {
  writeStorage(CONSENT_STORAGE_KEY, serializeConsent(preferences));
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * The stored choice (null until one is made) and the function that records a new one; every
 * component using it (the banner, the ad slots) sees a change at once.
 */
export function useConsent(): {
  preferences: ConsentPreferences | null;
  save: (preferences: ConsentPreferences) => void;
} {
  // The raw string is the snapshot: it compares equal between renders, a parsed object would not.
  const raw = useSyncExternalStore(
    subscribe,
    () => readStorage(CONSENT_STORAGE_KEY),
    () => null,
  );
  const preferences = useMemo(() => parseConsent(raw), [raw]);
  return { preferences, save: saveConsent };
}

/**
 * Whether the reader asked to see their choices again ("Cookie settings" in the footer):
 * the banner then shows, open on the choices as stored, until they save.
 */
export const consentReopened = createStore<boolean>(false);
