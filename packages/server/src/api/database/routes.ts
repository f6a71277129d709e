// /api/v1/database/: connections CRUD, test_connection and introspection.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import {
  availableEngines,
  createDatabase,
  databaseInfo,
  deleteDatabase,
  listCatalogs,
  listSchemas,
  listTables,
  listVisibleDatabases,
  parseExtra,
  resolveTestUri,
  tableExtraMetadata,
  tableMetadata,
  testConnection,
  updateDatabase,
} from '../../databases/service.js';
import { ValidationError } from '../../errors/validation-error.js';
import { DATABASE_LIST_COLUMNS } from '../../store/databases.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  databaseCreateBody,
  databaseUpdateBody,
  idParams,
  schemasQuery,
  tableMetadataQuery,
  tablesQuery,
  testConnectionBody,
} from './schemas.js';

const READ = { permission: 'can_read', view: 'Database' } as const;
const WRITE = { permission: 'can_write', view: 'Database' } as const;
const LIST_COLUMNS = Object.keys(DATABASE_LIST_COLUMNS);

export function registerDatabaseRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/',
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query, user }) => {
      const options = toListOptions(query.q, {
        filter: LIST_COLUMNS,
        order: LIST_COLUMNS,
        defaultOrder: 'database_name',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listVisibleDatabases(ctx, requireUser(user), options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/available/',
    access: READ,
    handler: async () => availableEngines(),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => databaseInfo(ctx, requireUser(user), params.pk),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/database/',
    access: WRITE,
    body: databaseCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createDatabase(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/database/:pk',
    access: WRITE,
    params: idParams,
    body: databaseUpdateBody,
    handler: async ({ params, body, user }) => updateDatabase(ctx, requireUser(user), params.pk, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/database/:pk',
    access: WRITE,
    params: idParams,
    handler: async ({ params, user }) => {
      await deleteDatabase(ctx, requireUser(user), params.pk);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/database/test_connection/',
    access: WRITE,
    body: testConnectionBody,
    handler: async ({ body }) => {
      const { uri, examplesRow } = await resolveTestUri(ctx, body.sqlalchemy_uri, body.database_name);
      await testConnection(ctx, uri, parseExtra(body.extra), { examplesRow });
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/catalogs/',
    access: READ,
    params: idParams,
    handler: async ({ params, user }) => ({ result: await listCatalogs(ctx, requireUser(user), params.pk) }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/schemas/',
    access: READ,
    params: idParams,
    query: risonQuery(schemasQuery),
    handler: async ({ params, query, user }) => ({
      result: await listSchemas(ctx, requireUser(user), params.pk, query.q?.catalog ?? null),
    }),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/tables/',
    access: READ,
    params: idParams,
    query: risonQuery(tablesQuery),
    handler: async ({ params, query, user }) =>
      listTables(ctx, requireUser(user), params.pk, query.q?.schema_name ?? null, query.q?.catalog_name ?? null),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/table_metadata/',
    access: READ,
    params: idParams,
    query: tableMetadataQuery,
    handler: async ({ params, query, user }) =>
      tableMetadata(ctx, requireUser(user), params.pk, query.name, query.schema ?? null, query.catalog ?? null),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/table_metadata/extra/',
    access: READ,
    params: idParams,
    query: tableMetadataQuery,
    handler: async ({ params, query, user }) =>
      tableExtraMetadata(ctx, requireUser(user), params.pk, query.name, query.schema ?? null, query.catalog ?? null),
  });

  // The path form older SQL Lab clients call: /table/<table>/<schema>/.
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/database/:pk/table/:table/:schema/',
    access: READ,
    params: idParams.extend({ table: z.string().min(1), schema: z.string().min(1) }),
    handler: async ({ params, user }) => {
      const schema = params.schema === 'null' ? null : params.schema;
      return tableMetadata(ctx, requireUser(user), params.pk, params.table, schema, null);
    },
  });
}
