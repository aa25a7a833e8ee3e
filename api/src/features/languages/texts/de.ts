import type { ServerTexts } from './en.js';

/** The server's own words in German (see en.ts). */
export const de: ServerTexts = {
  mails: {
    greeting: 'Hallo,',
    signIn: {
      subject: 'Dein Anmeldelink für TempMail',
      body: [
        'Öffne diesen Link in den nächsten 15 Minuten, um dich bei TempMail anzumelden:',
        '',
        '{link}',
        '',
        'Die Seite fragt nach, bevor sich etwas ändert, und der Link funktioniert nur einmal.',
        'Falls du ihn nicht angefordert hast, ignoriere diese E-Mail: Es ändert sich nichts.',
      ],
    },
    purchaseEmailTaken: {
      subject: 'Dein Kauf bei TempMail',
      body: [
        'Jemand hat gerade TempMail Pro gekauft und diese E-Mail-Adresse angegeben. Da sie',
        'schon zu einem TempMail-Konto gehört, wurde sie nicht mit dem neuen Kauf verknüpft:',
        'Diese Pro-Zeit bleibt in dem Browser, in dem sie gekauft wurde.',
        '',
        'Um dein bestehendes Konto zu nutzen, fordere mit dieser Adresse einen Anmeldelink an:',
        '{link} („Schon Pro? Melde dich mit deiner E-Mail-Adresse an“).',
        '',
        'Nichts gekauft? Dann ignoriere diese E-Mail: Dein Konto ist unverändert.',
      ],
    },
    confirmPurchaseEmail: {
      subject: 'Bestätige die E-Mail-Adresse deines TempMail-Pro-Kontos',
      body: [
        'Danke für deinen Kauf von TempMail Pro. Öffne diesen Link binnen 24 Stunden im selben',
        'Browser wie beim Kauf, um dich mit dieser Adresse auf anderen Geräten anzumelden:',
        '',
        '{link}',
        '',
        'Nichts gekauft? Dann ignoriere diese E-Mail: Mit dieser Adresse ist nichts verknüpft.',
      ],
    },
    confirmForwarding: {
      subject: 'Bestätige die Weiterleitung von TempMail',
      body: [
        'Jemand hat TempMail gebeten, die E-Mails seiner temporären Adressen an diese Adresse',
        'weiterzuleiten. Warst du das, bestätige es innerhalb von 24 Stunden über diesen Link:',
        '',
        '{link}',
        '',
        'Warst du es nicht, ignoriere diese E-Mail: An dich wird nichts weitergeleitet.',
      ],
    },
    forwarded: {
      subject: '[Weitergeleitet] {subject}',
      note: 'TempMail hat diese E-Mail von {address} weitergeleitet. Ursprünglicher Absender: {sender}.',
      unknownSender: 'unbekannter Absender',
    },
  },
  pages: {
    common: {
      goToTempMail: 'Zu TempMail',
      notNow: 'Nicht jetzt',
      cancel: 'Abbrechen',
      invalidLink:
        'Dieser Link ist ungültig, wurde schon verwendet oder ist abgelaufen. Fordere einen neuen an.',
      tooMany: 'Zu viele Versuche aus diesem Netzwerk. Versuche es in {minutes} min erneut.',
      unreachable: 'TempMail ist nicht erreichbar. Prüfe deine Verbindung und versuche es erneut.',
      failed: 'Etwas ist schiefgelaufen. Versuche es gleich noch einmal.',
    },
    signIn: {
      title: 'Anmelden',
      heading: 'Bei TempMail anmelden',
      checking: 'Link wird geprüft…',
      signIn: 'Anmelden',
      askNewLink: 'Neuen Link anfordern',
      alreadyHere: 'Dieser Browser ist bereits bei {account} angemeldet.',
      goToInbox: 'Zu meinem Posteingang',
      linkSignsInTo: 'Dieser Link meldet dich bei {account} an.',
      otherAccount:
        'Dieser Browser ist gerade bei einem anderen Konto angemeldet: {current}. Wenn du fortfährst, wechselt dieser Browser zu {email}; zum anderen Konto kommst du mit dessen eigenem Anmeldelink zurück.',
      switchAccount: 'Konto wechseln',
      question: 'In diesem Browser bei {account} anmelden?',
      noEmail: 'einem Konto ohne E-Mail-Adresse',
      plans: {
        free: 'kostenlos',
        pro_24hr: 'Pro, 24-Stunden-Pass',
        pro_monthly: 'Pro, monatlich',
        ended: 'Pro abgelaufen',
      },
    },
    confirmEmail: {
      title: 'Bestätige deine E-Mail-Adresse',
      intro:
        'Diese E-Mail-Adresse verwenden, um dich auf deinen anderen Geräten bei dem Pro-Konto anzumelden, das du in diesem Browser gekauft hast? Bestätige nur, wenn du diesen Kauf getätigt hast.',
      button: 'E-Mail-Adresse bestätigen',
      confirmed:
        'Bestätigt: Mit {value} meldest du dich jetzt bei deinem Pro-Konto an („Schon Pro? Melde dich mit deiner E-Mail-Adresse an“).',
      wrongBrowser:
        'Öffne diesen Link in dem Browser, in dem du Pro gekauft hast: Nur das Konto dieses Browsers kann diese E-Mail-Adresse übernehmen.',
      taken:
        'Mit dieser E-Mail-Adresse meldet man sich bereits bei einem anderen TempMail-Konto an. Fordere einen Anmeldelink an, um dieses Konto zu nutzen.',
    },
    confirmForwarding: {
      title: 'Weiterleitung bestätigen',
      intro:
        'Ein TempMail-Pro-Nutzer möchte die E-Mails seiner temporären Adressen an diese Adresse weiterleiten. Bestätige nur, wenn du das warst.',
      button: 'Ja, an mich weiterleiten',
      confirmed: 'Bestätigt: E-Mails werden ab jetzt an {value} weitergeleitet.',
      invalidLink: 'Dieser Bestätigungslink ist ungültig oder abgelaufen.',
    },
    demoCheckout: {
      title: 'Demo-Bezahlvorgang',
      noticeLead: 'Demo-Bezahlvorgang.',
      notice:
        'Auf diesem Server ist kein Zahlungsanbieter eingerichtet, daher wird nichts berechnet. Wenn du ihn abschließt, bekommst du Pro genau wie bei einer echten Zahlung.',
      heading: 'TempMail Pro',
      loading: 'Bezahlvorgang wird geladen…',
      emailLabel: 'E-Mail-Adresse für die Anmeldung auf deinen anderen Geräten (optional)',
      emailHelp:
        'Wir schicken einen Link an diese Adresse. Öffne ihn in diesem Browser, dann kannst du dich mit ihr bei diesem Pro-Konto anmelden („Schon Pro? Melde dich mit deiner E-Mail-Adresse an“). Pro funktioniert in diesem Browser so oder so.',
      complete: 'Demo-Zahlung abschließen',
      plans: { pro_24hr: '24-Stunden-Pass', pro_monthly: 'Pro monatlich' },
      price: '{plan}: {price}',
      pricePerMonth: '{plan}: {price} pro Monat',
      closed: {
        complete: 'Dieser Bezahlvorgang ist bereits abgeschlossen.',
        canceled: 'Dieser Bezahlvorgang wurde abgebrochen.',
      },
      alreadyClosed:
        'Dieser Bezahlvorgang ist bereits beendet: Er wurde abgeschlossen oder abgebrochen.',
      notFound:
        'Diesen Bezahlvorgang gibt es nicht, oder er wurde in einem anderen Browser gestartet.',
      invalidEmail: 'Gib eine gültige E-Mail-Adresse ein oder lass das Feld leer.',
    },
    demoBilling: {
      title: 'Abrechnung verwalten',
      noticeLead: 'Demo-Abrechnungsportal.',
      notice:
        'Auf diesem Server ist kein Zahlungsanbieter eingerichtet, daher wird nichts berechnet. Kündigen oder Fortsetzen ändert das Abo hier genau so, wie es ein echtes Abrechnungsportal tun würde.',
      heading: 'Abrechnung verwalten',
      loading: 'Dein Abo wird geladen…',
      plan: 'Tarif',
      periodEnd: 'Aktueller Zeitraum endet',
      planValue: 'Pro monatlich, {price} pro Monat',
      cancel: 'Abo kündigen',
      resume: 'Abo fortsetzen',
      return: 'Zurück zu TempMail',
      cancelled: 'Dein Abo ist gekündigt: Pro bleibt bis {date} aktiv und verlängert sich nicht.',
      renews: 'Dein Abo verlängert sich am {date}.',
      none: 'In diesem Browser gibt es kein Monatsabo zu verwalten.',
    },
  },
};
