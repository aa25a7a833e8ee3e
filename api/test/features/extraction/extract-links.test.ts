import { describe, expect, it } from 'vitest';
import { extractLinks, primaryLink } from '../../../src/features/extraction/extract-links.js';

const html = (body: string) => ({ subject: '', text: '', html: body });
const text = (body: string) => ({ subject: '', text: body, html: '' });

describe('extractLinks', () => {
  it('puts the action first, with its words and kind, and keeps the rest in order', () => {
    const links = extractLinks(
      html(
        '<a href="https://shop.example/"><img src="logo.png" alt="Example Shop"></a>' +
          '<p>Welcome!</p><a href="https://shop.example/verify?t=abc&amp;utm_source=mail" class="btn">Confirm my email</a>' +
          '<a href="https://shop.example/privacy">Privacy</a>' +
          '<a href="https://shop.example/u/123">Unsubscribe</a>',
      ),
    );
    expect(links).toEqual([
      {
        url: 'https://shop.example/verify?t=abc&utm_source=mail',
        text: 'Confirm my email',
        kind: 'verify',
        primary: true,
      },
      { url: 'https://shop.example/', text: 'Example Shop', kind: 'other', primary: false },
      { url: 'https://shop.example/privacy', text: 'Privacy', kind: 'other', primary: false },
      {
        url: 'https://shop.example/u/123',
        text: 'Unsubscribe',
        kind: 'unsubscribe',
        primary: false,
      },
    ]);
    expect(primaryLink(links)?.url).toBe('https://shop.example/verify?t=abc&utm_source=mail');
  });

  it.each([
    ['Reset your password', 'reset'],
    ['Réinitialiser le mot de passe', 'reset'],
    ['Restablecer contraseña', 'reset'],
    ['Passwort zurücksetzen', 'reset'],
    ['Sign in to Example', 'sign-in'],
    ['Se connecter', 'sign-in'],
    ['Iniciar sesión', 'sign-in'],
    ['Jetzt anmelden', 'sign-in'],
    ['Vérifier mon adresse', 'verify'],
    ['Confirmar mi correo', 'verify'],
    ['E-Mail-Adresse bestätigen', 'verify'],
    ['Se désinscrire', 'unsubscribe'],
    ['Darse de baja', 'unsubscribe'],
    ['Newsletter abbestellen', 'unsubscribe'],
    ['Read the article', 'other'],
  ])('tells %j is a %s link', (words, kind) => {
    expect(extractLinks(html(`<a href="https://x.example/a">${words}</a>`))[0]?.kind).toBe(kind);
  });

  it('reads the address when the words say nothing', () => {
    expect(
      extractLinks(html('<a href="https://x.example/account/verify-email/9f3">here</a>'))[0]?.kind,
    ).toBe('verify');
  });

  it.each([
    [
      '<p>Click <a href="https://reset.example/t/AbC?x=1&amp;y=2">here</a> to reset your password.</p>',
      'reset',
    ],
    [
      '<p>Welcome! To confirm your email, <a href="https://x.example/c/1">click here</a>.</p>',
      'verify',
    ],
    ['<td>Pour vous connecter, cliquez <a href="https://x.example/s/1">ici</a>.</td>', 'sign-in'],
    [
      '<p>Haz clic <a href="https://x.example/r/1">aquí</a> para restablecer tu contraseña.</p>',
      'reset',
    ],
    [
      '<p>Bitte <a href="https://x.example/v/1">hier klicken</a>, um die Adresse zu bestätigen.</p>',
      'verify',
    ],
  ])('reads the sentence of a link whose words say nothing: %j', (body, kind) => {
    const [link] = extractLinks(html(body));
    expect(link).toMatchObject({ kind, primary: true });
  });

  it('reads only the link’s own sentence and block for its kind', () => {
    const links = extractLinks(
      html(
        '<p>Please verify your email in the app.</p>' +
          '<p>Questions? Read our guide <a href="https://x.example/guide">here</a>.</p>' +
          '<p>Thanks for joining. To stop receiving these mails, <a href="https://x.example/o/1">click here</a>.</p>',
      ),
    );
    expect(links.map((link) => [link.text, link.kind])).toEqual([
      ['here', 'other'],
      ['click here', 'unsubscribe'],
    ]);
  });

  it('reads URLs in a text body with the words of their line, or the line before', () => {
    const links = extractLinks(
      text(
        'Hi,\nConfirm your address:\nhttps://app.example/confirm?t=1.\nHelp: https://app.example/help, or reply.',
      ),
    );
    expect(links).toEqual([
      {
        url: 'https://app.example/confirm?t=1',
        text: 'Confirm your address:',
        kind: 'verify',
        primary: true,
      },
      { url: 'https://app.example/help', text: 'Help: , or reply.', kind: 'other', primary: false },
    ]);
  });

  it('has no primary link when nothing is to be acted on but a footer', () => {
    const article = '<p>Today in the garden: tomatoes, beans and a lot of rain.</p>'.repeat(6);
    const links = extractLinks(
      html(
        `<a href="https://news.example/a">Read more</a>${article}<a href="https://news.example/unsub">Unsubscribe</a>`,
      ),
    );
    expect(links).toHaveLength(2);
    expect(primaryLink(links)).toBeUndefined();
  });

  it('takes an unsubscribe button in the body as the action of a mail that asks', () => {
    const links = extractLinks(
      html(
        '<p>Still want our offers?</p><a href="https://shop.example/unsubscribe?e=1">Unsubscribe</a>' +
          '<p>Nothing to do if you do.</p>'.repeat(4) +
          '<a href="https://shop.example/preferences">Email preferences</a>',
      ),
    );
    expect(primaryLink(links)).toEqual({
      url: 'https://shop.example/unsubscribe?e=1',
      text: 'Unsubscribe',
      kind: 'unsubscribe',
      primary: true,
    });
  });
});
