/**
 * The words of what the server writes itself, in English: the mails it sends and its own
 * pages (sign-in, confirmations, the demo checkout and billing portal). The other languages
 * have the same keys (`ServerTexts`, checked by the compiler). `{name}` is filled in;
 * "Already Pro? Sign in with your email" and the plan names are the dashboard's own words
 * (`dashboard/src/shared/i18n/locales/en.json`), so a mail quotes what the reader will see.
 */
export const en = {
  mails: {
    greeting: 'Hello,',
    signIn: {
      subject: 'Your TempMail sign-in link',
      body: [
        'Open this link within 15 minutes to sign in to your TempMail account:',
        '',
        '{link}',
        '',
        'The page asks you to confirm before anything changes, and the link works once.',
        'If you did not ask for it, ignore this mail: nothing changes.',
      ],
    },
    purchaseEmailTaken: {
      subject: 'Your TempMail purchase',
      body: [
        'Someone just bought TempMail Pro and gave this email address. This address already',
        'signs in to a TempMail account, so it was not linked to the new purchase: that Pro',
        'time stays with the browser it was bought in.',
        '',
        'To use your existing account, ask for a sign-in link with this address:',
        '{link} ("Already Pro? Sign in with your email").',
        '',
        'If you did not buy anything, ignore this mail: nothing about your account changed.',
      ],
    },
    confirmPurchaseEmail: {
      subject: 'Confirm the email of your TempMail Pro account',
      body: [
        'Thank you for buying TempMail Pro. Open this link in the browser you bought it in,',
        'within 24 hours, to sign in with this email address on your other devices:',
        '',
        '{link}',
        '',
        'If you did not buy anything, ignore this mail: nothing is linked to this address.',
      ],
    },
    confirmForwarding: {
      subject: 'Confirm forwarding from TempMail',
      body: [
        'Someone asked TempMail to forward the mail of their temporary addresses to this address.',
        'If that was you, confirm within 24 hours by opening:',
        '',
        '{link}',
        '',
        'If it was not you, ignore this mail: nothing will be forwarded to you.',
      ],
    },
    forwarded: {
      subject: '[Forwarded] {subject}',
      note: 'Forwarded by TempMail from {address}. Original sender: {sender}.',
      unknownSender: 'unknown sender',
    },
  },
  pages: {
    common: {
      goToTempMail: 'Go to TempMail',
      notNow: 'Not now',
      cancel: 'Cancel',
      invalidLink: 'This link is invalid, used or expired. Ask for a new one.',
      tooMany: 'Too many attempts from this network. Try again in {minutes} min.',
      unreachable: 'TempMail could not be reached. Check your connection and try again.',
      failed: 'Something went wrong. Try again in a moment.',
    },
    signIn: {
      title: 'Sign in',
      heading: 'Sign in to TempMail',
      checking: 'Checking the link…',
      signIn: 'Sign in',
      askNewLink: 'Ask for a new link',
      alreadyHere: 'This browser is already signed in to {account}.',
      goToInbox: 'Go to my inbox',
      linkSignsInTo: 'This link signs in to {account}.',
      otherAccount:
        'This browser is signed in to another account now: {current}. Continuing switches this browser to {email}; you can come back to the other account with its own sign-in link.',
      switchAccount: 'Switch account',
      question: 'Sign in to {account} in this browser?',
      noEmail: 'an account without an email',
      plans: {
        free: 'free',
        pro_24hr: 'Pro, 24-hour pass',
        pro_monthly: 'Pro, monthly',
        ended: 'Pro ended',
      },
    },
    confirmEmail: {
      title: 'Confirm your email',
      intro:
        'Use this email address to sign in, on your other devices, to the Pro account you bought in this browser? Confirm only if you made that purchase.',
      button: 'Confirm email',
      confirmed:
        'Confirmed: {value} now signs in to your Pro account ("Already Pro? Sign in with your email").',
      wrongBrowser:
        'Open this link in the browser you bought Pro in: only that browser’s account can take this email.',
      taken:
        'This email already signs in to another TempMail account. Ask for a sign-in link to use that account.',
    },
    confirmForwarding: {
      title: 'Confirm forwarding',
      intro:
        'A TempMail Pro user asked to forward their temporary mail to this address. Confirm only if that was you.',
      button: 'Yes, forward it to me',
      confirmed: 'Confirmed: mail to {value} will be forwarded from now on.',
      invalidLink: 'This confirmation link is invalid or has expired.',
    },
    demoCheckout: {
      title: 'Demo checkout',
      noticeLead: 'Demo checkout.',
      notice:
        'No payment provider is configured on this server, so nothing is charged. Completing it grants Pro exactly as a real payment would.',
      heading: 'TempMail Pro',
      loading: 'Loading the checkout…',
      emailLabel: 'Email to sign in on your other devices (optional)',
      emailHelp:
        'We mail it a link. Open the link in this browser and the email signs in to this Pro account ("Already Pro? Sign in with your email"). Pro works in this browser either way.',
      complete: 'Complete demo payment',
      plans: { pro_24hr: '24-hour pass', pro_monthly: 'Monthly Pro' },
      price: '{plan}: {price}',
      pricePerMonth: '{plan}: {price} per month',
      closed: {
        complete: 'This checkout is already complete.',
        canceled: 'This checkout was cancelled.',
      },
      alreadyClosed: 'This checkout is closed already: it was completed or cancelled.',
      notFound: 'This checkout does not exist, or was started in another browser.',
      invalidEmail: 'Enter a valid email address, or leave the field empty.',
    },
    demoBilling: {
      title: 'Manage billing',
      noticeLead: 'Demo billing portal.',
      notice:
        'No payment provider is configured on this server, so nothing is charged. Cancelling or resuming here changes the subscription exactly as a real billing portal would.',
      heading: 'Manage billing',
      loading: 'Loading your subscription…',
      plan: 'Plan',
      periodEnd: 'Current period ends',
      planValue: 'Monthly Pro, {price} per month',
      cancel: 'Cancel subscription',
      resume: 'Resume subscription',
      return: 'Return to TempMail',
      cancelled: 'Your subscription is cancelled: Pro stays until {date} and does not renew.',
      renews: 'Your subscription renews on {date}.',
      none: 'This browser has no monthly subscription to manage.',
    },
  },
};

export type ServerTexts = typeof en;
