import type { ServerTexts } from './en.js';

/** The server's own words in French (see en.ts). */
export const fr: ServerTexts = {
  mails: {
    greeting: 'Bonjour,',
    signIn: {
      subject: 'Votre lien de connexion TempMail',
      body: [
        'Ouvrez ce lien dans les 15 minutes pour vous connecter à votre compte TempMail :',
        '',
        '{link}',
        '',
        'La page demande confirmation avant tout changement, et le lien ne sert qu’une fois.',
        'Si vous ne l’avez pas demandé, ignorez cet e-mail : rien ne change.',
      ],
    },
    purchaseEmailTaken: {
      subject: 'Votre achat TempMail',
      body: [
        'Quelqu’un vient d’acheter TempMail Pro en indiquant cette adresse e-mail. Comme elle',
        'sert déjà à se connecter à un compte TempMail, elle n’a pas été associée à ce nouvel',
        'achat : ce temps Pro reste attaché au navigateur dans lequel il a été acheté.',
        '',
        'Pour utiliser le compte existant, demandez un lien de connexion avec cette adresse :',
        '{link} (« Déjà Pro ? Connectez-vous avec votre e-mail »).',
        '',
        'Si vous n’avez rien acheté, ignorez cet e-mail : rien n’a changé dans votre compte.',
      ],
    },
    confirmPurchaseEmail: {
      subject: 'Confirmez l’e-mail de votre compte TempMail Pro',
      body: [
        'Merci d’avoir acheté TempMail Pro. Ouvrez ce lien dans le navigateur où vous l’avez',
        'acheté, sous 24 heures, pour vous connecter avec cet e-mail sur vos autres appareils :',
        '',
        '{link}',
        '',
        'Si vous n’avez rien acheté, ignorez cet e-mail : rien n’est associé à cette adresse.',
      ],
    },
    confirmForwarding: {
      subject: 'Confirmez le transfert depuis TempMail',
      body: [
        'Quelqu’un a demandé à TempMail de transférer vers cette adresse le courrier de ses',
        'adresses temporaires. Si c’était vous, confirmez dans les 24 heures en ouvrant :',
        '',
        '{link}',
        '',
        'Si ce n’était pas vous, ignorez cet e-mail : rien ne vous sera transféré.',
      ],
    },
    forwarded: {
      subject: '[Transféré] {subject}',
      note: 'Transféré par TempMail depuis {address}. Expéditeur d’origine : {sender}.',
      unknownSender: 'expéditeur inconnu',
    },
  },
  pages: {
    common: {
      goToTempMail: 'Aller sur TempMail',
      notNow: 'Pas maintenant',
      cancel: 'Annuler',
      invalidLink: 'Ce lien n’est pas valide, a déjà servi ou a expiré. Demandez-en un nouveau.',
      tooMany: 'Trop de tentatives depuis ce réseau. Réessayez dans {minutes} min.',
      unreachable: 'Impossible de joindre TempMail. Vérifiez votre connexion et réessayez.',
      failed: 'Une erreur s’est produite. Réessayez dans un instant.',
    },
    signIn: {
      title: 'Connexion',
      heading: 'Se connecter à TempMail',
      checking: 'Vérification du lien…',
      signIn: 'Se connecter',
      askNewLink: 'Demander un nouveau lien',
      alreadyHere: 'Ce navigateur est déjà connecté à {account}.',
      goToInbox: 'Aller à ma boîte de réception',
      linkSignsInTo: 'Ce lien vous connecte à {account}.',
      otherAccount:
        'Ce navigateur est actuellement connecté à un autre compte : {current}. Si vous continuez, ce navigateur passera à {email} ; vous pourrez revenir à l’autre compte avec son propre lien de connexion.',
      switchAccount: 'Changer de compte',
      question: 'Se connecter à {account} dans ce navigateur ?',
      noEmail: 'un compte sans e-mail',
      plans: {
        free: 'gratuit',
        pro_24hr: 'Pro, pass 24 heures',
        pro_monthly: 'Pro, mensuel',
        ended: 'Pro terminé',
      },
    },
    confirmEmail: {
      title: 'Confirmez votre e-mail',
      intro:
        'Utiliser cette adresse e-mail pour vous connecter, sur vos autres appareils, au compte Pro acheté dans ce navigateur ? Ne confirmez que si vous avez fait cet achat.',
      button: 'Confirmer l’e-mail',
      confirmed:
        'Confirmé : {value} vous connecte désormais à votre compte Pro (« Déjà Pro ? Connectez-vous avec votre e-mail »).',
      wrongBrowser:
        'Ouvrez ce lien dans le navigateur où vous avez acheté Pro : seul le compte de ce navigateur peut être associé à cet e-mail.',
      taken:
        'Cet e-mail sert déjà à se connecter à un autre compte TempMail. Demandez un lien de connexion pour utiliser ce compte.',
    },
    confirmForwarding: {
      title: 'Confirmer le transfert',
      intro:
        'Un utilisateur de TempMail Pro a demandé à transférer vers cette adresse le courrier de ses adresses temporaires. Ne confirmez que si c’était vous.',
      button: 'Oui, transférez-le-moi',
      confirmed: 'Confirmé : le courrier sera désormais transféré vers {value}.',
      invalidLink: 'Ce lien de confirmation n’est pas valide ou a expiré.',
    },
    demoCheckout: {
      title: 'Paiement de démonstration',
      noticeLead: 'Paiement de démonstration.',
      notice:
        'Aucun prestataire de paiement n’est configuré sur ce serveur, donc rien n’est débité. Finaliser ce paiement active Pro exactement comme le ferait un vrai paiement.',
      heading: 'TempMail Pro',
      loading: 'Chargement du paiement…',
      emailLabel: 'E-mail pour vous connecter sur vos autres appareils (facultatif)',
      emailHelp:
        'Nous y envoyons un lien. Ouvrez-le dans ce navigateur, et cet e-mail vous connectera à ce compte Pro (« Déjà Pro ? Connectez-vous avec votre e-mail »). Dans tous les cas, Pro fonctionne dans ce navigateur.',
      complete: 'Finaliser le paiement de démonstration',
      plans: { pro_24hr: 'Pass 24 heures', pro_monthly: 'Pro mensuel' },
      price: '{plan} : {price}',
      pricePerMonth: '{plan} : {price} par mois',
      closed: {
        complete: 'Ce paiement est déjà finalisé.',
        canceled: 'Ce paiement a été annulé.',
      },
      alreadyClosed: 'Ce paiement est déjà clos : il a été finalisé ou annulé.',
      notFound: 'Ce paiement n’existe pas, ou a été lancé dans un autre navigateur.',
      invalidEmail: 'Saisissez une adresse e-mail valide, ou laissez le champ vide.',
    },
    demoBilling: {
      title: 'Gérer la facturation',
      noticeLead: 'Portail de facturation de démonstration.',
      notice:
        'Aucun prestataire de paiement n’est configuré sur ce serveur, donc rien n’est débité. Résilier ou reprendre l’abonnement ici le modifie exactement comme le ferait un vrai portail de facturation.',
      heading: 'Gérer la facturation',
      loading: 'Chargement de votre abonnement…',
      plan: 'Formule',
      periodEnd: 'Fin de la période en cours',
      planValue: 'Pro mensuel, {price} par mois',
      cancel: 'Résilier l’abonnement',
      resume: 'Reprendre l’abonnement',
      return: 'Retour à TempMail',
      cancelled:
        'Votre abonnement est résilié : Pro reste actif jusqu’au {date} et ne sera pas renouvelé.',
      renews: 'Votre abonnement sera renouvelé le {date}.',
      none: 'Ce navigateur n’a aucun abonnement mensuel à gérer.',
    },
  },
};
