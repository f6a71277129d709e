// /api/v1/bootstrap/: what the browser app needs before its first screen.
import { chooseLocale, SUPPORTED_LOCALES } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { toBootstrapUser } from '../../security/bootstrap-user.js';
import { defineRoute } from '../route.js';

export const LANGUAGES: string[] = [...SUPPORTED_LOCALES];

/** `?lang=` of the page that asks, passed on by the browser app. */
const bootstrapQuery = z.object({ lang: z.string().max(16).optional() });

export function registerBootstrapRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/bootstrap/',
    access: { public: true },
    query: bootstrapQuery,
    handler: async ({ user, request, query }) => {
      // The saved choice wins over a link's ?lang= (the browser app still applies ?lang= to the page it opens).
      const locale = chooseLocale({
        saved: user?.locale,
        requested: query.lang,
        acceptLanguage: request.headers['accept-language'],
      });
      return {
        result: {
          user: user ? toBootstrapUser(user) : null,
          common: {
            feature_flags: ctx.config.features,
            conf: {
              SQLLAB_DEFAULT_DBID: ctx.config.sqlLab.defaultDbId,
              DEFAULT_SQLLAB_LIMIT: ctx.config.sqlLab.defaultLimit,
              SQL_MAX_ROW: ctx.config.sqlLab.maxRow,
              SQLLAB_QUERY_RESULT_TIMEOUT: ctx.config.sqlLab.queryResultTimeoutSeconds,
              SQLLAB_TIMEOUT: ctx.config.sqlLab.timeoutSeconds,
              GLOBAL_ASYNC_QUERIES_TRANSPORT: ctx.config.asyncQueriesTransport,
              SUPERSET_WEBSERVER_DOMAINS: ctx.config.webserverDomains,
            },
            locale,
            languages: LANGUAGES,
          },
        },
      };
    },
  });
}
