import { confirmationPage } from './confirmation-page.js';

/** The page a forwarding confirmation link opens. The dashboard may replace it; the API stays. */
export const forwardingConfirmPage = confirmationPage({
  texts: (pages) => pages.confirmForwarding,
  errors: ({ confirmForwarding }) => ({ not_found: confirmForwarding.invalidLink }),
  endpoint: '/api/forwarding/confirm',
  field: 'forwardingEmail',
});
