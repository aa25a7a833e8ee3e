import { describe, expect, it } from 'vitest';
import { extractCodes, primaryCode } from '../../../src/features/extraction/extract-codes.js';

const inText = (text: string, subject = '') => ({ subject, text, html: '' });

describe('extractCodes', () => {
  it.each([
    ['Your code is 481516. It expires in 10 minutes.', '481516'],
    ['481516 is your verification code', '481516'],
    ['Use 4815 to sign in', '4815'],
    ['Your one-time passcode: 12345678', '12345678'],
    ['G-482913 is your Google verification code.', '482913'],
    ['Ihr Bestätigungscode lautet 739201', '739201'],
    ['Dein Sicherheitscode: 5521', '5521'],
    ['Tu código de verificación es 551203', '551203'],
    ['Votre code de vérification : 662041', '662041'],
    ['Your code: 123 456', '123456'],
    ['Verification code 123-456 (valid 10 min)', '123456'],
    ['Your login code is 12-34-56', '123456'],
    ['Code: 1 2 3 4 5 6', '123456'],
    ['Your verification code is K7Q2XP', 'K7Q2XP'],
    ['Your PIN: 2024', '2024'],
    ['Withdrawal confirmation code: 9041 7382', '90417382'],
    ['Your sign-in code is HT4K-9PWZ', 'HT4K9PWZ'],
    ['Ihr Einmal-Code lautet:\n2 4 8 6 1 9\nBitte geben Sie den Code ein.', '248619'],
  ])('finds the code in %j', (text, code) => {
    expect(primaryCode(inText(text))).toBe(code);
  });

  it.each([
    'Meeting on 2026-11-22 at 10:30',
    '© 2026 Example Shop. All rights reserved.',
    'Call us on +1 555 0199 or (555) 123-4567',
    'Total: $1234.50, order placed 22/11/2026',
    'Visit https://shop.example/orders/48151623?ref=9911 today',
    'Write to k7x2mq1234@tempmail.test',
    'Version 1.2.3456 is out',
    'Our zip code is 90210',
    'See you at 12345abc',
    'Your order #55123 has shipped',
    // A number with nothing saying it is a code is not one.
    'Welcome aboard: 90817 then 33333',
    'Bestellnummer 47112026, Rechnung 88231',
    'Téléphone : 01 23 45 67 89, code postal 75008',
    'Total 12,99 € pour la commande 558812',
    'Your promo code SAVE2026 gives 20% off',
    'Use code SPRING25 at checkout for 25% off',
    'Buchungscode: HX72LP, Flug AL 412',
    'Verify the phone number ending in 0199 in the app',
    'Restablece la contraseña de tu cuenta (cliente n.º 40028117)',
    'Indica la referencia SEG-77310 al llamar a seguridad',
    // A number that counts something, however near a code word.
    'Confirm your email to get 2000 bonus points.',
    'Log in: 1200 attempts were blocked this month',
    'Bestätigen Sie jetzt und erhalten Sie 5000 Punkte',
    'Confirmez votre compte : 1500 crédits offerts',
  ])('finds no code in %j', (text) => {
    expect(extractCodes(inText(text))).toEqual([]);
  });

  it('prefers the number a keyword introduces, and skips a number named as something else', () => {
    const text = 'Order 77001 shipped on Tuesday.\nThanks!\n\nYour verification code is 318270.';
    expect(primaryCode(inText(text))).toBe('318270');
    expect(primaryCode(inText('Your login code for order 55555 is 123456'))).toBe('123456');
    expect(primaryCode(inText('Security notice for account 88812345: code 4412'))).toBe('4412');
    expect(primaryCode(inText('Confirm to earn 2000 points. Your code is 482913.'))).toBe('482913');
  });

  it.each([
    ['Your old code 111111 has expired. Your new verification code is 222222.', '222222'],
    ['Your code is 222222. It replaces your previous code 111111.', '222222'],
    ['Votre ancien code 111111 a expiré. Votre nouveau code est 222222.', '222222'],
    ['Tu código anterior 111111 ha caducado. Tu nuevo código es 222222.', '222222'],
    ['Ihr alter Code 111111 ist abgelaufen. Ihr neuer Code lautet 222222.', '222222'],
  ])('puts a code its sentence calls old or expired after the new one: %j', (text, code) => {
    const codes = extractCodes(inText(text)).map((found) => found.value);
    expect(codes).toEqual([code, '111111']);
  });

  it.each([
    ['Your code 482913 expires in 10 minutes.\nSupport PIN 7781'],
    ['Votre code de vérification 482913 expire dans 10 minutes.\nCode d’accès support : 7781'],
    [
      'Your code is 482913 and is no longer valid after 10 minutes.\nYour old code 111111 has expired.',
    ],
    ['Ihr Code 482913 gilt 10 Minuten, danach ungültig.\nSupport-PIN 7781'],
    ['Tu código 482913 caduca en 10 minutos.\nPIN de soporte 7781'],
  ])('does not take a code that will expire for an old one: %j', (text) => {
    expect(primaryCode(inText(text))).toBe('482913');
  });

  it('reads the code words on the lines around a number, with what stands before them', () => {
    const introduced =
      'Please enter the following verification code on the page that asked for it, soon:\n\n';
    expect(primaryCode(inText(`${introduced}482913\n\nThanks!`))).toBe('482913');
    // Too far: more than a line's reach before the code.
    const far = `Your verification code\n${'and more words '.repeat(9)}\n482913\n`;
    expect(extractCodes(inText(far))).toEqual([]);
    // The word before a line break still says which code this is.
    expect(extractCodes(inText('Enter your zip\ncode 48291 below.'))).toEqual([]);
    expect(primaryCode(inText('Welcome!\ncode 48291 below.'))).toBe('48291');
  });

  it('reads the subject and the text, gives each code once with the sentence around it', () => {
    expect(extractCodes(inText('Hello!\nWelcome back.', '204133 is your code'))).toEqual([
      { value: '204133', context: '204133 is your code' },
    ]);
    // Found twice, given once: where a keyword vouches for it most closely.
    expect(
      extractCodes(inText('Hello!\nEnter 204133 to confirm your email.', '204133 is your code')),
    ).toEqual([{ value: '204133', context: 'Enter 204133 to confirm your email.' }]);
    expect(extractCodes(inText('Hi. Your code is 918273. Thanks.'))).toEqual([
      { value: '918273', context: 'Your code is 918273.' },
    ]);
  });
});
