// /api/v1/advanced_data_type/: filter text converted by an advanced data type, and the types there are.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { ADVANCED_DATA_TYPES, ADVANCED_TYPE_ERROR } from '../../filter-values/advanced-types.js';
import { defineRoute } from '../route.js';
import { risonQuery } from '../validation.js';

const EXPLORE = { permission: 'can_explore', view: 'Superset' } as const;

const convertQuery = z.object({
  type: z.string(),
  values: z.array(z.union([z.string(), z.number()])).max(1000),
});

export function registerAdvancedDataTypeRoutes(app: FastifyInstance, _ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/advanced_data_type/convert',
    access: EXPLORE,
    query: risonQuery(convertQuery),
    handler: async ({ query }) => {
      const convert = query.q ? ADVANCED_DATA_TYPES[query.q.type] : undefined;
      if (!query.q || !convert) throw new HttpError(400, ADVANCED_TYPE_ERROR);
      return { result: convert(query.q.values) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/advanced_data_type/types',
    access: EXPLORE,
    handler: async () => ({ result: Object.keys(ADVANCED_DATA_TYPES) }),
  });
}
