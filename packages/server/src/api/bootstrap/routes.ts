// /api/v1/bootstrap/: what the browser app needs before its first screen.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app/context.js';
import { toBootstrapUser } from '../../security/bootstrap-user.js';
import { defineRoute } from '../route.js';

export const LANGUAGES = ['en', 'fr', 'es', 'it', 'zh', 'ja', 'de', 'pt', 'pt_BR', 'ru', 'ko', 'sk', 'sl', 'nl'];

export function registerBootstrapRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/bootstrap/',
    access: { public: true },
    handler: async ({ user, request }) => {
      const accepted = (request.headers['accept-language'] ?? 'en').split(',')[0]?.split(';')[0]?.replace('-', '_');
      const locale =
        LANGUAGES.find((l) => l === accepted) ?? LANGUAGES.find((l) => l === accepted?.slice(0, 2)) ?? 'en';
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
            },
            locale,
            languages: LANGUAGES,
          },
        },
      };
    },
  });
}
