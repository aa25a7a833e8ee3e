import { confirmationPage } from './confirmation-page.js';

/**
 * The page the link mailed after a purchase opens: its button makes the email the sign-in
 * email of the account this browser bought Pro on, which only that browser may do.
 */
export const confirmEmailPage = confirmationPage({
  title: 'Confirm your email',
  intro:
    '<p>Use this email address to sign in, on your other devices, to the Pro account you bought in this browser? Confirm only if you made that purchase.</p>',
  button: 'Confirm email',
  endpoint: '/api/confirm-email',
  confirmed: {
    before: 'Confirmed: ',
    field: 'email',
    after: ' now signs in to your Pro account ("Already Pro? Sign in with your email").',
  },
});
