import { confirmationPage } from './confirmation-page.js';

/**
 * The page the link mailed after a purchase opens: its button makes the email the sign-in
 * email of the account this browser bought Pro on, which only that browser may do.
 */
export const confirmEmailPage = confirmationPage({
  texts: (pages) => pages.confirmEmail,
  errors: ({ confirmEmail }) => ({
    wrong_browser: confirmEmail.wrongBrowser,
    conflict: confirmEmail.taken,
  }),
  endpoint: '/api/confirm-email',
  field: 'email',
});
