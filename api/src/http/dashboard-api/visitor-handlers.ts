import { clientAddress } from '../client-address.js';
import { countryLanguage } from '../../features/geo/country-language.js';
import { isPro } from '../../features/users/is-pro.js';
import type { Services } from '../../services.js';
import type { User } from '../../features/users/user-store.js';
import type { SurfaceHandlers } from '../operation-handlers.js';
import { consume } from '../rate-limit.js';
import { createSessions } from './sessions.js';

/** Contact messages accepted per IP per hour. */
const CONTACT_PER_HOUR = 5;

/** The caller as the dashboard sees it (the User schema), whether their Pro renews included. */
export async function userResource(services: Services, user: User) {
  const now = services.now();
  return {
    id: user.id,
    email: user.email,
    isPro: isPro(user, now),
    plan: user.plan,
    proExpiresAt: user.proExpiresAt === null ? null : new Date(user.proExpiresAt).toISOString(),
    proRenews: await services.billing.renews(user, now),
    customAlias: user.customAlias,
  };
}

/** The dashboard API calls of every visitor: who they are, contact, country, sign out. */
export function visitorHandlers(
  services: Services,
): SurfaceHandlers<
  | 'getUser'
  | 'listDashboardDomains'
  | 'submitContact'
  | 'getGeoCountry'
  | 'logout'
  | 'logoutEverywhere'
> {
  const sessions = createSessions(services);
  const contactLimiter = services.createLimiter('contact-hour', CONTACT_PER_HOUR, 3600);

  return {
    async getUser(request, response) {
      response.json(await userResource(services, await sessions.visit(request, response)));
    },

    async listDashboardDomains(request, response) {
      await sessions.require(request);
      response.json({ domains: services.config.mailDomains });
    },

    async submitContact(request, response) {
      await consume(contactLimiter, clientAddress(request), 'messages');
      const { body } = request;
      const current = await sessions.currentUser(request);
      await services.contact.submit(
        {
          userId: current?.saved ? current.user.id : null,
          name: body.name.trim(),
          email: body.email.trim(),
          subject: body.subject.trim(),
          category: body.category,
          message: body.message,
          priority: body.priority,
        },
        services.now(),
        request.id,
      );
      response.status(202).json({ ok: true });
    },

    getGeoCountry(request, response) {
      // `test_country` stands in for the proxy's header (contract: for trying the detection).
      const header = request.headers[services.config.countryHeader];
      const country = request.query.test_country ?? [header].flat()[0];
      response.json(countryLanguage(country));
    },

    async logout(request, response) {
      await sessions.end(request, response);
      response.json({ ok: true });
    },

    async logoutEverywhere(request, response) {
      await sessions.endEverywhere(request, response);
      response.json({ ok: true });
    },
  };
}
