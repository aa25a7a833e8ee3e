import express, { type Request, type RequestHandler } from 'express';
import * as OpenApiValidator from 'express-openapi-validator';
import swaggerUi from 'swagger-ui-express';
import type { Services } from '../services.js';
import { allowCrossOrigin } from './allow-cross-origin.js';
import { ApiError } from './api-error.js';
import { compileRoutesOnce } from './compile-routes-once.js';
import { handleErrors, type Surface } from './handle-errors.js';
import { logRequests } from './log-requests.js';
import { dashboardPolicy, DOCS_POLICY, setSecurityHeaders } from './set-security-headers.js';
import { keepRawBody } from './raw-body.js';
import { refuseInfiniteNumbers } from './refuse-infinite-numbers.js';
import {
  contractRoots,
  contractUnder,
  firstSegment,
  listOperations,
  loadContract,
  type Contract,
  type Operation,
} from './load-contract.js';
import { mountOperations } from './mount-operations.js';
import type { OperationHandlers } from './operation-handlers.js';
import { hashInlineScripts, serveDashboard } from './serve-dashboard.js';
import { limitMailTmRate } from './mailtm/limit-mailtm-rate.js';
import { mailTmHandlers } from './mailtm/mailtm-handlers.js';
import { addressHandlers } from './dashboard-api/address-handlers.js';
import { billingHandlers } from './dashboard-api/billing-handlers.js';
import { checkOrigin } from './dashboard-api/check-origin.js';
import { demoBillingPage } from './dashboard-api/demo-billing-page.js';
import { demoCheckoutPage } from './dashboard-api/demo-checkout-page.js';
import { forwardingConfirmPage } from './dashboard-api/forwarding-confirm-page.js';
import { signInPage } from './dashboard-api/sign-in-page.js';
import { confirmEmailPage } from './dashboard-api/confirm-email-page.js';
import { forwardingHandlers } from './dashboard-api/forwarding-handlers.js';
import { mailboxHandlers } from './dashboard-api/mailbox-handlers.js';
import { webhookHandlers } from './webhooks/webhook-handlers.js';
import { proHandlers } from './dashboard-api/pro-handlers.js';
import { recoveryHandlers } from './dashboard-api/recovery-handlers.js';
import { visitorHandlers } from './dashboard-api/visitor-handlers.js';
import { answerHeadAsGet } from './answer-head-as-get.js';
import { guardPublicApi } from './v1/guard-public-api.js';
import { v1Handlers } from './v1/v1-handlers.js';
import { systemHandlers } from './system/system-handlers.js';

export interface BuildAppOptions {
  /** Check every response against the contract (tests turn this on). */
  validateResponses?: boolean;
  /** Put internal error messages in 500 bodies (tests only: they may leak internals). */
  exposeInternalErrors?: boolean;
  /** The contract to serve; defaults to the bundled one. */
  contract?: Contract;
}

const JSON_TYPES = ['application/json', 'application/ld+json', 'application/merge-patch+json'];

/**
 * Every operation handler of the server, by surface: tsc refuses this function while an
 * operation of the contract has no handler, or a handler's types are not its operation's.
 */
function operationHandlers(services: Services): OperationHandlers {
  return {
    ...systemHandlers(services),
    ...visitorHandlers(services),
    ...addressHandlers(services),
    ...billingHandlers(services),
    ...recoveryHandlers(services),
    ...proHandlers(services),
    ...mailboxHandlers(services),
    ...webhookHandlers(services),
    ...forwardingHandlers(services),
    ...mailTmHandlers(services),
    ...v1Handlers(services),
  };
}

/** Requests under a root of the mail.tm-tagged operations speak mail.tm's error dialect. */
function surfaceResolver(operations: readonly Operation[]): (request: Request) => Surface {
  const mailTmRoots = new Set(
    operations
      .filter((operation) => operation.tags.includes('mailtm'))
      .map((operation) => firstSegment(operation.path)),
  );
  return (request) => (mailTmRoots.has(firstSegment(request.path)) ? 'mailtm' : 'standard');
}

/**
 * express-openapi-validator, one instance per root of the contract (`/v1`, `/api`, each
 * mail.tm root). The validator finds a request's route by trying every path of its document
 * in turn; one small document per root keeps that to the few paths the request can be
 * under, and compileRoutesOnce keeps it from compiling those paths again on every request.
 */
function validateRequests(
  contract: Contract,
  roots: ReadonlySet<string>,
  validateResponses: boolean,
): RequestHandler {
  compileRoutesOnce();
  const validators = new Map(
    [...roots].map((root) => {
      const chain = express.Router();
      chain.use(
        OpenApiValidator.middleware({
          // The validator annotates the document it is given; keep ours untouched.
          apiSpec: structuredClone(contractUnder(contract, root)) as never,
          validateRequests: { allErrors: true },
          validateResponses: validateResponses ? { allErrors: true } : false,
          // Authentication is the handlers' job: their credentials (cookie, API token,
          // mailbox JWT) need database look-ups the validator cannot make.
          validateSecurity: false,
        }),
      );
      return [root, chain] as const;
    }),
  );
  return (request, response, next) => {
    const validator = validators.get(firstSegment(request.path));
    if (validator) validator(request, response, next);
    else next();
  };
}

/**
 * The probes alone (`/healthz`, `/readyz`), for processes that run no API (ROLE=smtp or
 * worker): orchestrators check every process the same way.
 */
export function buildProbeApp(services: Services) {
  const app = express();
  app.disable('x-powered-by');
  const probes = systemHandlers(services);
  app.get('/healthz', probes.getHealth);
  app.get('/readyz', probes.getReadiness);
  app.use((_request, response) => {
    response
      .status(404)
      .json({ code: 'not_found', message: 'This process serves the probes only.' });
  });
  return app;
}

/** The HTTP application: docs, contract validation, every operation, one error handler. */
export function buildApp(services: Services, options: BuildAppOptions = {}) {
  const contract = options.contract ?? loadContract();
  const operations = listOperations(contract);
  const roots = contractRoots(contract);

  const app = express();
  app.disable('x-powered-by');
  // Conditional requests are answered by the operations that support them, with strong ETags.
  app.set('etag', false);
  // Only the configured proxies' X-Forwarded-For names the client (request.ip), which every
  // per-IP limit counts; anyone else could write a fresh address into the header per request.
  const { trustedProxies } = services.config;
  app.set('trust proxy', trustedProxies.length > 0 ? trustedProxies.join(',') : false);
  app.set('query parser', 'extended');

  app.use(logRequests(services.logger));
  app.use(answerHeadAsGet);
  const { https } = services.config;
  app.use(setSecurityHeaders({ https }));

  app.get('/openapi.json', (_request, response) => {
    response.json(contract);
  });
  const docsPolicy: RequestHandler = (_request, response, next) => {
    response.setHeader('Content-Security-Policy', DOCS_POLICY);
    next();
  };
  // Swagger UI's page, as swaggerUi.setup sends it, with the viewport a phone needs (its own
  // template has none, so a phone drew it 980 px wide). Built once: it also sets the script
  // that swaggerUi.serve answers with.
  const docsPage = swaggerUi
    .generateHTML(contract, { customSiteTitle: 'TempMail API' })
    .replace(
      '<meta charset="UTF-8">',
      '<meta charset="UTF-8">\n  <meta name="viewport" content="width=device-width, initial-scale=1">',
    );
  const sendDocsPage: RequestHandler = (_request, response) => {
    response.send(docsPage);
  };
  app.use('/docs', docsPolicy, swaggerUi.serve, sendDocsPage);
  app.get('/demo-checkout/:id', demoCheckoutPage);
  app.get('/demo-billing', demoBillingPage);
  app.get('/forwarding/confirm', forwardingConfirmPage);
  app.get('/sign-in', signInPage);
  app.get('/confirm-email', confirmEmailPage);

  const surfaceOf = surfaceResolver(operations);
  app.use(
    allowCrossOrigin(
      (request) => surfaceOf(request) === 'mailtm' || firstSegment(request.path) === '/v1',
    ),
  );

  // Before parsing and validation, so every request counts and refused ones cost little.
  // The app's own reads of a free mailbox (`/api/mailbox/`) take the same mailbox token and
  // count in the same budget: another door to the same reads is no new budget. Routes match
  // whatever the case below the root, so this test does too.
  const mailTmRate = limitMailTmRate(services.config.mailTmRateLimit, services.createLimiter);
  app.use((request, response, next) => {
    if (surfaceOf(request) === 'mailtm' || request.path.toLowerCase().startsWith('/api/mailbox/'))
      mailTmRate(request, response, next);
    else next();
  });

  app.use('/v1', guardPublicApi(services));

  app.use(checkOrigin(services.config.publicUrl));
  app.use(
    express.json({
      limit: '1mb',
      type: JSON_TYPES,
      verify: (request, _response, body) => keepRawBody(request, body),
    }),
  );
  app.use(validateRequests(contract, roots, options.validateResponses ?? false));
  app.use(refuseInfiniteNumbers);

  app.use(mountOperations(operations, operationHandlers(services)));
  app.use(
    serveDashboard(
      roots,
      services.config.publicUrl,
      dashboardPolicy({
        https,
        thirdPartyOrigins: services.config.thirdPartyOrigins,
        inlineScripts: hashInlineScripts(),
      }),
    ),
  );

  app.use(() => {
    throw new ApiError(404, 'not_found', 'Not found.');
  });
  app.use(
    handleErrors({
      logger: services.logger,
      surfaceOf,
      exposeInternalErrors: options.exposeInternalErrors ?? false,
      isDatabaseUnavailable: services.database.isUnavailable,
    }),
  );
  return app;
}
