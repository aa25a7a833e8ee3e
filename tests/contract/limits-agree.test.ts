// The limits the pages state are the limits the server enforces by default: the dashboard's
// product facts against the server's configuration with nothing set.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config.js';
import { FREE_MAILBOX_LIFETIME_MS } from '../../api/src/features/mailboxes/lifetimes.js';
import {
  ADDRESS_LIMITS,
  API_LIMITS,
  FREE_ADDRESS_LIFETIME_MINUTES,
} from '../../dashboard/src/shared/product-facts.js';

describe('the limits stated', () => {
  const config = loadConfig({});

  it('are the default address, API and lifetime limits', () => {
    expect(ADDRESS_LIMITS).toEqual(config.addressCreationLimits);
    expect(API_LIMITS).toEqual(config.apiRateLimits);
    expect(FREE_ADDRESS_LIFETIME_MINUTES * 60_000).toBe(FREE_MAILBOX_LIFETIME_MS);
  });
});
