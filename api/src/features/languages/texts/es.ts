import type { ServerTexts } from './en.js';

/** The server's own words in Spanish (see en.ts). */
export const es: ServerTexts = {
  mails: {
    greeting: 'Hola:',
    signIn: {
      subject: 'Tu enlace de inicio de sesión en TempMail',
      body: [
        'Abre este enlace en menos de 15 minutos para iniciar sesión en tu cuenta TempMail:',
        '',
        '{link}',
        '',
        'La página te pide confirmación antes de cambiar nada y el enlace solo sirve una vez.',
        'Si no lo has pedido tú, ignora este correo: no cambiará nada.',
      ],
    },
    purchaseEmailTaken: {
      subject: 'Tu compra en TempMail',
      body: [
        'Alguien acaba de comprar TempMail Pro y ha indicado esta dirección de correo, que ya',
        'sirve para iniciar sesión en una cuenta TempMail. Por eso no se ha vinculado a la',
        'nueva compra: ese tiempo de Pro se queda en el navegador en el que se compró.',
        '',
        'Para usar tu cuenta actual, pide un enlace de inicio de sesión con esta dirección:',
        '{link} («¿Ya tienes Pro? Inicia sesión con tu correo»).',
        '',
        'Si no has comprado nada, ignora este correo: no ha cambiado nada en tu cuenta.',
      ],
    },
    confirmPurchaseEmail: {
      subject: 'Confirma el correo de tu cuenta TempMail Pro',
      body: [
        'Gracias por comprar TempMail Pro. Abre este enlace en el navegador donde lo compraste',
        'en menos de 24 horas para iniciar sesión con esta dirección en tus otros dispositivos:',
        '',
        '{link}',
        '',
        'Si no has comprado nada, ignora este correo: no se vincula nada a esta dirección.',
      ],
    },
    confirmForwarding: {
      subject: 'Confirma el reenvío desde TempMail',
      body: [
        'Alguien ha pedido a TempMail que reenvíe a esta dirección el correo de sus',
        'direcciones temporales. Si fuiste tú, confírmalo en las próximas 24 horas abriendo:',
        '',
        '{link}',
        '',
        'Si no fuiste tú, ignora este correo: no se te reenviará nada.',
      ],
    },
    forwarded: {
      subject: '[Reenviado] {subject}',
      note: 'Reenviado por TempMail desde {address}. Remitente original: {sender}.',
      unknownSender: 'remitente desconocido',
    },
  },
  pages: {
    common: {
      goToTempMail: 'Ir a TempMail',
      notNow: 'Ahora no',
      cancel: 'Cancelar',
      invalidLink: 'Este enlace no es válido, ya se ha usado o ha caducado. Pide uno nuevo.',
      tooMany: 'Demasiados intentos desde esta red. Vuelve a intentarlo en {minutes} min.',
      unreachable: 'No se pudo conectar con TempMail. Comprueba tu conexión y vuelve a intentarlo.',
      failed: 'Algo salió mal. Vuelve a intentarlo en un momento.',
    },
    signIn: {
      title: 'Iniciar sesión',
      heading: 'Iniciar sesión en TempMail',
      checking: 'Comprobando el enlace…',
      signIn: 'Iniciar sesión',
      askNewLink: 'Pedir un enlace nuevo',
      alreadyHere: 'Este navegador ya tiene la sesión iniciada en {account}.',
      goToInbox: 'Ir a mi bandeja de entrada',
      linkSignsInTo: 'Este enlace inicia sesión en {account}.',
      otherAccount:
        'Ahora mismo este navegador tiene la sesión iniciada en otra cuenta: {current}. Si continúas, este navegador pasará a {email}; podrás volver a la otra cuenta con su propio enlace de inicio de sesión.',
      switchAccount: 'Cambiar de cuenta',
      question: '¿Iniciar sesión en {account} en este navegador?',
      noEmail: 'una cuenta sin correo',
      plans: {
        free: 'gratis',
        pro_24hr: 'Pro, pase de 24 horas',
        pro_monthly: 'Pro, mensual',
        ended: 'Pro terminado',
      },
    },
    confirmEmail: {
      title: 'Confirma tu correo',
      intro:
        '¿Usar esta dirección de correo para iniciar sesión, en tus otros dispositivos, en la cuenta Pro que compraste en este navegador? Confírmalo solo si hiciste tú esa compra.',
      button: 'Confirmar correo',
      confirmed:
        'Confirmado: ahora {value} sirve para iniciar sesión en tu cuenta Pro («¿Ya tienes Pro? Inicia sesión con tu correo»).',
      wrongBrowser:
        'Abre este enlace en el navegador en el que compraste Pro: solo la cuenta de ese navegador puede usar este correo.',
      taken:
        'Este correo ya sirve para iniciar sesión en otra cuenta de TempMail. Pide un enlace de inicio de sesión para usar esa cuenta.',
    },
    confirmForwarding: {
      title: 'Confirmar el reenvío',
      intro:
        'Un usuario de TempMail Pro ha pedido reenviar a esta dirección el correo de sus direcciones temporales. Confírmalo solo si fuiste tú.',
      button: 'Sí, reenviármelo',
      confirmed: 'Confirmado: a partir de ahora, el correo se reenviará a {value}.',
      invalidLink: 'Este enlace de confirmación no es válido o ha caducado.',
    },
    demoCheckout: {
      title: 'Pago de demostración',
      noticeLead: 'Pago de demostración.',
      notice:
        'Este servidor no tiene configurado ningún proveedor de pagos, así que no se cobra nada. Completar el pago activa Pro exactamente igual que un pago real.',
      heading: 'TempMail Pro',
      loading: 'Cargando el pago…',
      emailLabel: 'Correo para iniciar sesión en tus otros dispositivos (opcional)',
      emailHelp:
        'Te enviaremos un enlace a ese correo. Ábrelo en este navegador y podrás iniciar sesión en esta cuenta Pro con ese correo («¿Ya tienes Pro? Inicia sesión con tu correo»). En cualquier caso, Pro funciona en este navegador.',
      complete: 'Completar el pago de demostración',
      plans: { pro_24hr: 'Pase de 24 horas', pro_monthly: 'Pro mensual' },
      price: '{plan}: {price}',
      pricePerMonth: '{plan}: {price} al mes',
      closed: {
        complete: 'Este pago ya se ha completado.',
        canceled: 'Este pago se ha cancelado.',
      },
      alreadyClosed: 'Este pago ya está cerrado: se completó o se canceló.',
      notFound: 'Este pago no existe o se inició en otro navegador.',
      invalidEmail: 'Introduce una dirección de correo válida o deja el campo vacío.',
    },
    demoBilling: {
      title: 'Gestionar facturación',
      noticeLead: 'Portal de facturación de demostración.',
      notice:
        'Este servidor no tiene configurado ningún proveedor de pagos, así que no se cobra nada. Cancelar o reanudar aquí cambia la suscripción exactamente igual que un portal de facturación real.',
      heading: 'Gestionar facturación',
      loading: 'Cargando tu suscripción…',
      plan: 'Plan',
      periodEnd: 'Fin del periodo actual',
      planValue: 'Pro mensual, {price} al mes',
      cancel: 'Cancelar suscripción',
      resume: 'Reanudar suscripción',
      return: 'Volver a TempMail',
      cancelled:
        'Tu suscripción está cancelada: Pro sigue activo hasta el {date} y no se renovará.',
      renews: 'Tu suscripción se renueva el {date}.',
      none: 'Este navegador no tiene ninguna suscripción mensual que gestionar.',
    },
  },
};
