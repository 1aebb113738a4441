import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { RELEASE_HEADER } from '@tavolo/contract/values/health';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { apiDocument } from './api-document';
import type { BackupDesk } from './backups/backup-schedule';
import type { Config } from './config';
import type { AppServices } from './core/context';
import type { Mailer } from './core/mailer';
import type { Database } from './db/client';
import { createEventHub } from './events/event-hub';
import { eventLogPublisher } from './events/event-publisher';
import { answerClientError, createAllowedMethods } from './http/client-errors';
import { registerErrorHandler, sendError } from './http/error-handler';
import { parseJsonBodies } from './http/json-body';
import { keepCachesNotified } from './http/notified-caches';
import { createRouteRegistrar } from './http/route';
import { enforceRouteAccess, isApiPath, registerPublicPlugin } from './http/route-access';
import { registerSecurityHeaders } from './http/security-headers';
import { isSpaRequest, readWebRelease, registerWebApp } from './http/web-app';
import { registerAuditRoutes } from './modules/audit/audit.routes';
import { createAccountSummaryCache } from './modules/auth/account-summary-cache';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createSessionCache } from './modules/auth/session-cache';
import { resolvePrincipal } from './modules/auth/sessions.service';
import { registerBackupsRoutes } from './modules/backups/backups.routes';
import { registerDashboardRoutes } from './modules/dashboard/dashboard.routes';
import { registerDataExportRoutes } from './modules/data-export/data-export.routes';
import { registerDevicesRoutes } from './modules/devices/devices.routes';
import { registerFloorRoutes } from './modules/floor/floor.routes';
import { createFloorKeeper, floorNames } from './modules/floor/floor-keeper';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerKitchenRoutes } from './modules/kitchen/kitchen.routes';
import { createKitchenKeeper } from './modules/kitchen/kitchen-keeper';
import { createKitchenPrints } from './modules/kitchen/kitchen-printing';
import { createMailer } from './modules/mailer/mailer';
import { createGuestMenuCache } from './modules/menu/guest-menu-cache';
import {
  createGuestManifestHandler,
  createGuestPageHandler,
  isGuestManifest,
  isGuestPage,
} from './modules/menu/guest-page';
import { registerMenuRoutes } from './modules/menu/menu.routes';
import { registerMenuImportRoutes } from './modules/menu/menu-import.routes';
import {
  registerOnlinePaymentsRoutes,
  registerWebhookRoute,
} from './modules/online-payments/online-payments.routes';
import { createPaymentProvider } from './modules/online-payments/providers';
import { injectWebhookDelivery } from './modules/online-payments/webhook-delivery';
import { registerOrderChangesRoutes } from './modules/order-changes/order-changes.routes';
import { createMenuSnapshots } from './modules/orders/menu-snapshots';
import { createOrderIntake } from './modules/orders/order-intake';
import { registerOrdersRoutes } from './modules/orders/orders.routes';
import { registerPaymentsRoutes } from './modules/payments/payments.routes';
import { createKitchenPrinter } from './modules/printing/kitchen-printer';
import { registerReceiptsRoutes } from './modules/receipts/receipts.routes';
import { registerRestaurantsRoutes } from './modules/restaurants/restaurants.routes';
import { registerReviewsRoutes } from './modules/reviews/reviews.routes';
import { registerServiceRequestsRoutes } from './modules/service-requests/service-requests.routes';
import { registerSettlementAccountsRoutes } from './modules/settlement/settlement-accounts.routes';
import { registerStaffRoutes } from './modules/staff/staff.routes';
import { registerStationsRoutes } from './modules/stations/stations.routes';
import { registerTableBillRoutes } from './modules/table-bill/table-bill.routes';
import { createActiveTableCache } from './modules/tables/active-table-cache';
import { registerTablesRoutes } from './modules/tables/tables.routes';
import { registerTaxRatesRoutes } from './modules/taxes/taxes.routes';
import { registerUploadsRoutes } from './modules/uploads/uploads.routes';
import { registerWalletRoutes } from './modules/wallet/wallet.routes';

/** A cached session is read again after this long even if no change was heard (a safety net). */
const SESSION_CACHE_MAX_AGE_MS = 30_000;

export type BuildAppOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** false in tests; pino options otherwise. */
  logger?: boolean | Record<string, unknown>;
  /** The backups (server.ts makes them): what /api/health and Settings → Backups say; none by default. */
  backups?: BackupDesk;
};

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A request URL as it may be logged: token-bearing parts replaced by [redacted]. */
export function redactUrlSecrets(url: string): string {
  return url
    .replace(/([?&](?:guestToken|token|qrToken)=)[^&]*/g, '$1[redacted]')
    .replace(/^\/t\/[^/?#]+/, '/t/[redacted]');
}

/** Builds the whole app (API + web) without listening: server.ts listens, tests inject. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        // Secrets that travel in URLs stay out of the logs: a guest's order token (stream URL),
        // a password-reset token (the e-mailed link) and a table's QR token (the guest page).
        req: (req) => ({
          method: req.method,
          url: redactUrlSecrets(req.url),
          host: req.host,
          remoteAddress: req.ip,
        }),
      },
    },
    trustProxy: config.trustProxy,
    // Keep a caller's request id (a load balancer's) when it looks sane, else make one.
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    // Errors the router raises before any route runs, in the API's error shape too.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      // A path segment too long to be an id names nothing.
      if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
        return sendError(reply, 'NOT_FOUND', 'Nothing is found at this address');
      return sendError(reply, 'MALFORMED_REQUEST', 'The address is not valid');
    },
    // Requests Node's parser refuses (a control character in a header…) in the API's error shape.
    clientErrorHandler: answerClientError,
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  });
  parseJsonBodies(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  const hub = createEventHub(database, app.log);
  const printer = createKitchenPrinter({ db: database.db, log: app.log });
  // Built once: the caches, the order intake and the floors are the instance's, shared by every request.
  const services: AppServices = {
    config,
    db: database.db,
    mailer: options.mailer ?? createMailer(config, database.db, app.log),
    events: eventLogPublisher,
    activeTables: createActiveTableCache(),
    guestMenus: createGuestMenuCache(),
    menuSnapshots: createMenuSnapshots(),
    orderIntake: createOrderIntake(),
    accountSummaries: createAccountSummaryCache({
      maxAgeMs: SESSION_CACHE_MAX_AGE_MS,
      maxEntries: 10_000,
    }),
    floors: createFloorKeeper({
      db: database.db,
      hub,
      log: app.log,
      noticesLag: database.kind !== 'pglite',
    }),
    kitchens: createKitchenKeeper({ db: database.db, hub, log: app.log }),
    printer,
    kitchenPrints: createKitchenPrints({ db: database.db, printer, log: app.log }),
    backups: options.backups ?? null,
    webRelease: readWebRelease(config.webDistDir),
  };
  // Every answer names the web app's release: a page built for another one offers to reload.
  const { webRelease } = services;
  if (webRelease) {
    app.addHook('onRequest', async (_request, reply) => {
      reply.header(RELEASE_HEADER, webRelease);
    });
  }
  app.addHook('onReady', hub.start);
  app.addHook('onReady', async () => services.floors.start());
  app.addHook('onClose', async () => services.floors.stop());
  app.addHook('onReady', async () => services.kitchens.start());
  app.addHook('onClose', async () => services.kitchens.stop());
  // Takes over the tickets a stopped instance left; on close, lets go of its own for the others.
  app.addHook('onReady', async () => services.printer.start());
  app.addHook('onClose', async () => services.printer.close());
  // A member's write here (an order, a payment, a call answered): their next read of the floor has it.
  app.addHook('onSend', async (request, reply) => {
    if (request.method !== 'GET' && reply.statusCode < 400 && request.principal) {
      services.floors.noteWrite(request.principal.restaurantId);
      services.kitchens.noteWrite(request.principal.restaurantId);
    }
  });
  // Open event streams would keep the server from closing: end them first.
  app.addHook('preClose', async () => hub.closeStreams());
  app.addHook('onClose', hub.stop);
  const sessionCache = createSessionCache({ maxAgeMs: SESSION_CACHE_MAX_AGE_MS, maxEntries: 10_000 });
  keepCachesNotified(app, database, [
    {
      // The floors show waiters' names: a renamed member's restaurant has its floor read again.
      caches: [sessionCache, services.accountSummaries, floorNames(services.floors)],
      channel: 'tavolo_auth',
      // A device's switch ends the session the browser held (devices).
      writesOf: ['auth', 'staff', 'roles', 'restaurants', 'settlement', 'devices'],
    },
    {
      caches: [services.activeTables],
      channel: 'tavolo_menu',
      writesOf: ['menu', 'categories', 'tables', 'restaurants'],
    },
    {
      // Which stations print: the stations' own trigger notifies on the same channel.
      caches: [services.kitchenPrints],
      channel: 'tavolo_menu',
      writesOf: ['stations'],
    },
  ]);
  enforceRouteAccess(app, (token, via) => resolvePrincipal(database.db, token, via, sessionCache));

  await app.register(fastifyCookie);
  // Menus and order lists run to tens of kB; phones on restaurant Wi-Fi feel every one of them.
  await app.register(fastifyCompress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    // Brotli's default (quality 11) costs more CPU than it saves on the fly.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
  registerSecurityHeaders(app, { https: config.secureCookies });
  registerErrorHandler(app);

  // The API document comes from the contract's endpoint table, not from the routes' schemas.
  await app.register(fastifySwagger, {
    mode: 'static',
    specification: { document: apiDocument() as never },
  });
  await registerPublicPlugin(app, (scope) =>
    scope.register(fastifySwaggerUi, {
      routePrefix: '/api/docs',
      staticCSP: true,
      // Its default CSP would upgrade to https, which breaks the docs on a plain-http install.
      transformStaticCSP: (header) => header.replace('upgrade-insecure-requests;', ''),
    }),
  );
  app.get('/api/openapi.json', { schema: { hide: true }, config: { access: { kind: 'public' } } }, async () =>
    app.swagger(),
  );

  // Every endpoint comes from the contract's table, with its access declaration.
  const route = createRouteRegistrar(app, services);
  registerHealthRoutes(route);
  registerBackupsRoutes(route);
  registerAuthRoutes(route, config);
  registerRestaurantsRoutes(route);
  registerMenuRoutes(route);
  registerTablesRoutes(route);
  registerOrdersRoutes(
    route,
    { db: database.db, hub, heartbeatMs: config.liveHeartbeatMs },
    { sessions: sessionCache },
  );
  registerPaymentsRoutes(route);
  registerWalletRoutes(route);
  registerSettlementAccountsRoutes(route);
  const paymentProvider = createPaymentProvider(config);
  registerOnlinePaymentsRoutes(route, {
    provider: paymentProvider,
    deliverWebhook: injectWebhookDelivery(app),
  });
  // Webhook bodies are read raw and their signature checked before parsing, in a scope of their own.
  await app.register(async (scope) =>
    registerWebhookRoute(scope, createRouteRegistrar(scope, services), paymentProvider),
  );
  registerTableBillRoutes(route, paymentProvider);
  registerStaffRoutes(route);
  registerDevicesRoutes(route, config);
  registerDashboardRoutes(route);
  registerReviewsRoutes(route);
  registerAuditRoutes(route);
  registerServiceRequestsRoutes(route, { db: database.db, hub, heartbeatMs: config.liveHeartbeatMs });
  registerOrderChangesRoutes(route);
  registerFloorRoutes(route);
  registerStationsRoutes(route);
  registerTaxRatesRoutes(route);
  registerReceiptsRoutes(route);
  registerKitchenRoutes(route);
  registerDataExportRoutes(route);
  // Multipart bodies are parsed for uploads only; anywhere else they stay an unsupported media type.
  await app.register(async (scope) => registerUploadsRoutes(scope, createRouteRegistrar(scope, services)));
  await app.register(async (scope) => registerMenuImportRoutes(scope, createRouteRegistrar(scope, services)));

  const web = await registerWebApp(app, config.webDistDir);
  const serveGuestPage = web?.guestTemplate
    ? createGuestPageHandler(services, web.guestTemplate, web.guestCatalogues)
    : null;
  const serveGuestManifest = serveGuestPage ? createGuestManifestHandler(services) : null;
  const allowedMethods = createAllowedMethods(app);
  app.setNotFoundHandler(async (request, reply) => {
    if (web && isSpaRequest(request.method, request.url)) {
      if (serveGuestPage && isGuestPage(request.url)) return serveGuestPage(request, reply);
      if (serveGuestManifest && isGuestManifest(request.url)) return serveGuestManifest(request, reply);
      return reply.sendFile('index.html');
    }
    const path = request.url.split('?')[0] ?? '';
    const allowed = isApiPath(path) ? allowedMethods(path) : [];
    if (allowed.length > 0) {
      reply.header('allow', allowed.join(', '));
      return sendError(
        reply,
        'METHOD_NOT_ALLOWED',
        `${request.method} is not allowed here; use ${allowed.join(' or ')}`,
      );
    }
    return sendError(reply, 'NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`);
  });
  return app;
}
