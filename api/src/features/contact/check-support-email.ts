import { isReservedLocalPart, splitAddress } from '../mailboxes/addresses.js';

/**
 * What is wrong with SUPPORT_EMAIL, for a warning at start; undefined when nothing is. On one
 * of our own domains under a name that is not reserved, whoever registers that name (or
 * already holds it) reads every contact message.
 */
export function checkSupportEmail(settings: {
  supportEmail: string | undefined;
  mailDomains: readonly string[];
  reservedLocalParts: readonly string[];
}): string | undefined {
  const parts = settings.supportEmail && splitAddress(settings.supportEmail);
  if (!parts || !settings.mailDomains.includes(parts.domain)) return undefined;
  if (isReservedLocalPart(parts.local, settings.reservedLocalParts)) return undefined;
  return (
    `SUPPORT_EMAIL (${settings.supportEmail}) is on a domain we serve and its name is not ` +
    'reserved: anyone can register it and read contact messages. Use an address of your own ' +
    'elsewhere, or add the name to RESERVED_LOCAL_PARTS.'
  );
}
