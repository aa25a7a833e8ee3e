import { extractCode } from '@tempmail/sdk';
import { describe, expect, it } from 'vitest';

describe('extractCode', () => {
  it.each([
    ['Your code is 481516. It expires in 10 minutes.', '481516'],
    ['481516 is your verification code', '481516'],
    ['Use 4815 to sign in', '4815'],
    ['Your one-time passcode: 12345678', '12345678'],
    ['G-482913 is your Google verification code.', '482913'],
    ['Ihr Bestätigungscode lautet 739201', '739201'],
    ['Tu código es 551203', '551203'],
    ['Your code: 123 456', '123456'],
    ['Verification code 123-456 (valid 10 min)', '123456'],
    ['Your PIN: 2024', '2024'],
  ])('finds the code in %j', (text, code) => {
    expect(extractCode(text)).toBe(code);
  });

  it.each([
    ['Meeting on 2026-11-22 at 10:30', undefined],
    ['© 2026 Example Shop. All rights reserved.', undefined],
    ['Call us on +1 555 0199 or (555) 123-4567', undefined],
    ['Total: $1234.50, order placed 22/11/2026', undefined],
    ['Visit https://shop.example/orders/48151623?ref=9911 today', undefined],
    ['Write to k7x2mq1234@tempmail.test', undefined],
    ['Version 1.2.3456 is out', undefined],
    ['Our zip code is 90210', undefined],
    ['See you at 12345abc', undefined],
    ['Your order #55123 has shipped', undefined],
  ])('finds no code in %j', (text, code) => {
    expect(extractCode(text)).toBe(code);
  });

  it('prefers the number near a keyword to an earlier one', () => {
    const text = 'Order 77001 shipped on Tuesday.\nThanks!\n\nYour verification code is 318270.';
    expect(extractCode(text)).toBe('318270');
  });

  it('skips a number named as something else, even near a keyword', () => {
    expect(extractCode('Your login code for order 55555 is 123456')).toBe('123456');
    expect(extractCode('Security notice for account 88812345: code 4412')).toBe('4412');
  });

  it('takes the first standalone number when no keyword is near', () => {
    expect(extractCode('Welcome aboard: 90817 then 33333')).toBe('90817');
  });

  it('does not take a year or a phone piece before the real code', () => {
    const text = 'Since 1998 we call +44 20 7946 0958 for you.\nYour login code: 6629';
    expect(extractCode(text)).toBe('6629');
  });

  it('reads the subject, then the text body (the server renders HTML-only mail as text)', () => {
    expect(extractCode({ subject: '204133 is your code', text: 'Hi there' })).toBe('204133');
    expect(
      extractCode({ subject: 'Confirm your email', text: 'Code\n918273\n2026', html: '<b>x</b>' }),
    ).toBe('918273');
    expect(
      extractCode({ subject: 'Hi', text: 'nothing here', html: '<p>Code 555444</p>' }),
    ).toBeUndefined();
  });
});
