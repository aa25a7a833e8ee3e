/**
 * The basic address pattern: something, @, something, a dot, something, and no spaces. It
 * catches typing slips before a form is sent; the server still decides what it accepts.
 */
const BASIC_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a trimmed value looks like an email address. */
export function isEmailAddress(value: string): boolean {
  return BASIC_EMAIL.test(value);
}
