// Assembles the Fastify app: parsers, who-is-calling, routes, the web app, error answers.
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyFormbody from '@fastify/formbody';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { registerAdvancedDataTypeRoutes } from '../api/advanced-data-type/routes.js';
import { registerAnnotationLayerRoutes } from '../api/annotation-layer/routes.js';
import { registerAssistantRoutes } from '../api/assistant/routes.js';
import { registerAsyncEventRoutes } from '../api/async-event/routes.js';
import { registerAsyncEventWebsocket } from '../api/async-event/websocket.js';
import { registerBootstrapRoutes } from '../api/bootstrap/routes.js';
import { registerChartRoutes } from '../api/chart/routes.js';
import { registerChartDataRoutes } from '../api/chart-data/routes.js';
import { registerCohortRoutes } from '../api/cohort/routes.js';
import { registerCssTemplateRoutes } from '../api/css-template/routes.js';
import { registerDashboardRoutes } from '../api/dashboard/routes.js';
import { registerDatabaseRoutes } from '../api/database/routes.js';
import { registerDatasetRoutes } from '../api/dataset/routes.js';
import { registerEmbeddedPage } from '../api/embedded/page.js';
import { registerEmbeddedRoutes } from '../api/embedded/routes.js';
import { registerExploreRoutes } from '../api/explore/routes.js';
import { registerFilterRoutes } from '../api/filter/routes.js';
import { registerFormDataParser } from '../api/form-data.js';
import { registerInfoRoutes } from '../api/info/routes.js';
import { registerJsonBodyParser } from '../api/json-body.js';
import { registerKeyValueRoutes } from '../api/kv/routes.js';
import { registerLegacyPageRoutes } from '../api/legacy/routes.js';
import { registerLogRoutes } from '../api/log/routes.js';
import { registerMeRoutes } from '../api/me/routes.js';
import { registerMeasureRoutes } from '../api/measure/routes.js';
import { registerQueryRoutes } from '../api/query/routes.js';
import { registerRelatedUserRoutes } from '../api/related/routes.js';
import { registerReportRoutes } from '../api/report/routes.js';
import { registerRoleRoutes } from '../api/roles/routes.js';
import { registerRowLevelSecurityRoutes } from '../api/rowlevelsecurity/routes.js';
import { registerSavedColumnRoutes } from '../api/saved-column/routes.js';
import { registerSavedQueryRoutes } from '../api/saved-query/routes.js';
import { registerSecurityRoutes } from '../api/security/routes.js';
import { registerSqlLabBootstrapRoutes } from '../api/sqllab/bootstrap-routes.js';
import { registerSqlLabFormPostRoutes } from '../api/sqllab/form-post-routes.js';
import { registerSqlLabRoutes } from '../api/sqllab/routes.js';
import { registerTableSchemaRoutes } from '../api/tableschema/routes.js';
import { registerTabStateRoutes } from '../api/tabstate/routes.js';
import { registerTagRoutes } from '../api/tag/routes.js';
import { registerTransferRoutes } from '../api/transfer/routes.js';
import { registerUserRoutes } from '../api/users/routes.js';
import type { Access } from '../security/access.js';
import { registerRequestUser } from '../security/request-user.js';
import { registerChartDataCors } from './chart-data-cors.js';
import { compressionOptions } from './compression.js';
import type { AppContext } from './context.js';
import { registerErrorHandler } from './error-handler.js';
import { registerHealthRoute } from './health.js';
import { registerMetadataWritesHook } from './metadata-writes-hook.js';
import { registerSecurityHeaders } from './security-headers.js';
import { registerWebApp, resolveWebDist } from './web-app.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Set by defineRoute for the few unsafe routes a browser calls without the CSRF header (login, beacons). */
    csrfExempt?: boolean;
    /** Open to an embedded dashboard's guest (X-GuestToken); every other route refuses guests. */
    guest?: boolean;
    /** The guest token may come in the body (the log beacon). */
    guestTokenInBody?: boolean;
  }
  interface FastifyInstance {
    /** Every route registered so far, in order, with its declared access (none for /health and static files). */
    routeTable: readonly RegisteredRoute[];
  }
}

/** One registered route as the security tests and reviewers see it. */
export interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
  readonly access: Access | null;
  readonly csrfExempt: boolean;
  readonly guest: boolean;
}

export interface BuildOptions {
  logger?: boolean;
}

export async function buildApp(ctx: AppContext, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ? { level: process.env.NEZHA_LOG_LEVEL ?? 'info' } : false,
    bodyLimit: 16 * 1024 * 1024,
    trustProxy: ctx.config.trustProxy,
  });

  // The route table is filled by the same hook that checks access, so it lists exactly what is served; the
  // security tests walk it so that a route added tomorrow is covered without anyone listing it.
  const routeTable: RegisteredRoute[] = [];
  app.decorate('routeTable', {
    getter: () => routeTable as readonly RegisteredRoute[],
  });

  // A route without a declared access rule is a bug; refuse to start rather than serve it open.
  app.addHook('onRoute', (route) => {
    const isStatic = route.url.startsWith('/static');
    if (!isStatic && route.url !== '/health' && !route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      routeTable.push(
        Object.freeze({
          method,
          url: route.url,
          access: route.config?.access ?? null,
          csrfExempt: route.config?.csrfExempt === true,
          guest: route.config?.guest === true,
        }),
      );
    }
  });

  await app.register(fastifyCookie);
  await app.register(fastifyCompress, compressionOptions);
  await app.register(fastifyFormbody);
  // The browser sends nothing on the async event socket; a small cap refuses anything big. On close the plugin
  // closes the open sockets, so a shutdown does not wait for browsers.
  await app.register(fastifyWebsocket, { options: { maxPayload: 4096 } });
  registerFormDataParser(app);
  registerJsonBodyParser(app);
  registerErrorHandler(app);
  registerSecurityHeaders(app, ctx.config);
  registerChartDataCors(app, ctx.config);
  registerMetadataWritesHook(app, ctx);
  registerRequestUser(app, ctx);

  registerHealthRoute(app, ctx);

  registerSecurityRoutes(app, ctx);
  registerMeRoutes(app, ctx);
  registerBootstrapRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerRoleRoutes(app, ctx);
  registerDatabaseRoutes(app, ctx);
  registerDatasetRoutes(app, ctx);
  registerLogRoutes(app, ctx);
  registerSqlLabRoutes(app, ctx);
  registerAsyncEventRoutes(app, ctx);
  registerAsyncEventWebsocket(app, ctx);
  registerQueryRoutes(app, ctx);
  registerSqlLabBootstrapRoutes(app, ctx);
  registerSqlLabFormPostRoutes(app, ctx);
  registerTabStateRoutes(app, ctx);
  registerTableSchemaRoutes(app, ctx);
  registerSavedQueryRoutes(app, ctx);
  registerAnnotationLayerRoutes(app, ctx);
  registerCssTemplateRoutes(app, ctx);
  registerTagRoutes(app, ctx);
  registerReportRoutes(app, ctx);
  registerRowLevelSecurityRoutes(app, ctx);
  registerEmbeddedRoutes(app, ctx);
  registerKeyValueRoutes(app, ctx);
  registerChartDataRoutes(app, ctx);
  registerChartRoutes(app, ctx);
  registerMeasureRoutes(app, ctx);
  registerAssistantRoutes(app, ctx);
  registerCohortRoutes(app, ctx);
  registerSavedColumnRoutes(app, ctx);
  registerFilterRoutes(app, ctx);
  registerAdvancedDataTypeRoutes(app, ctx);
  registerExploreRoutes(app, ctx);
  registerDashboardRoutes(app, ctx);
  registerTransferRoutes(app, ctx);
  registerLegacyPageRoutes(app);
  registerInfoRoutes(app);
  registerRelatedUserRoutes(app, ctx);

  const html = await registerWebApp(app, resolveWebDist(ctx.config.webDist));
  registerEmbeddedPage(app, ctx, html);
  return app;
}
