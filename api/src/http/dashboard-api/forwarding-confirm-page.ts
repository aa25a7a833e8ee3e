import { confirmationPage } from './confirmation-page.js';

/** The page a forwarding confirmation link opens. The dashboard may replace it; the API stays. */
export const forwardingConfirmPage = confirmationPage({
  title: 'Confirm forwarding',
  intro:
    '<p>A TempMail Pro user asked to forward their temporary mail to this address. Confirm only if that was you.</p>',
  button: 'Yes, forward it to me',
  endpoint: '/api/forwarding/confirm',
  confirmed: {
    before: 'Confirmed: mail to ',
    field: 'forwardingEmail',
    after: ' will be forwarded from now on.',
  },
});
