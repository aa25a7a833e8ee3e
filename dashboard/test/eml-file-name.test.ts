// The name a saved message gets.
import { describe, expect, it } from 'vitest';
import { emlFileName } from '../src/features/inbox/eml-file-name.js';

describe('emlFileName', () => {
  it('names the file after the subject, in characters every file system takes', () => {
    expect(emlFileName('Your order #4821 has shipped!', 'm1')).toBe(
      'Your-order-4821-has-shipped.eml',
    );
    expect(emlFileName('Réservation confirmée', 'm1')).toBe('Reservation-confirmee.eml');
    expect(emlFileName('../../etc/passwd', 'm1')).toBe('etc-passwd.eml');
  });

  it('falls back to the id when the subject leaves nothing, and keeps names short', () => {
    expect(emlFileName('', 'm1')).toBe('m1.eml');
    expect(emlFileName('🎉🎉', 'm1')).toBe('m1.eml');
    expect(emlFileName('x'.repeat(200), 'm1')).toBe(`${'x'.repeat(80)}.eml`);
  });
});
