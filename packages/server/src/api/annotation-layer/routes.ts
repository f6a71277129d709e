// /api/v1/annotation_layer/ and /api/v1/annotation_layer/<pk>/annotation/: annotation layers and their annotations.
import type { FastifyInstance } from 'fastify';
import {
  createAnnotation,
  createLayer,
  deleteAnnotations,
  deleteLayers,
  listLayerAnnotations,
  listLayers,
  readAnnotation,
  readLayer,
  updateAnnotation,
  updateLayer,
} from '../../annotations/service.js';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import {
  ANNOTATION_FILTER_COLUMNS,
  ANNOTATION_LAYER_FILTER_COLUMNS,
  ANNOTATION_LAYER_ORDER_COLUMNS,
  ANNOTATION_ORDER_COLUMNS,
  annotationCreateBody,
  annotationLayerCreateBody,
  annotationLayerUpdateBody,
  annotationParams,
  annotationUpdateBody,
  idsQuery,
  layerParams,
  translateListFilters,
} from './schemas.js';

// Superset's class_permission_name of both APIs is "Annotation" (MODEL_API_RW_METHOD_PERMISSION_MAP).
const READ = { permission: 'can_read', view: 'Annotation' } as const;
const WRITE = { permission: 'can_write', view: 'Annotation' } as const;

const BASE = '/api/v1/annotation_layer';

function requireIds(ids: number[] | undefined): number[] {
  if (!ids || ids.length === 0) throw new ValidationError({ q: ['Give the ids to delete, e.g. q=!(1,2).'] });
  return ids;
}

const plural = (count: number, one: string, many: string) => `Deleted ${count} ${count === 1 ? one : many}`;

export function registerAnnotationLayerRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/`,
    access: READ,
    query: risonQuery(listQuerySchema),
    handler: async ({ query }) => {
      const options = toListOptions(translateListFilters(query.q), {
        filter: ANNOTATION_LAYER_FILTER_COLUMNS,
        order: ANNOTATION_LAYER_ORDER_COLUMNS,
        defaultOrder: 'name',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listLayers(ctx, options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/:pk`,
    access: READ,
    params: layerParams,
    handler: async ({ params }) => readLayer(ctx, params.pk),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/`,
    access: WRITE,
    body: annotationLayerCreateBody,
    handler: async ({ body, user, reply }) => {
      const created = await createLayer(ctx, requireUser(user), body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${BASE}/:pk`,
    access: WRITE,
    params: layerParams,
    body: annotationLayerUpdateBody,
    handler: async ({ params, body, user }) => updateLayer(ctx, requireUser(user), params.pk, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${BASE}/:pk`,
    access: WRITE,
    params: layerParams,
    handler: async ({ params }) => {
      await deleteLayers(ctx, [params.pk]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${BASE}/`,
    access: WRITE,
    query: risonQuery(idsQuery),
    handler: async ({ query }) => {
      const ids = requireIds(query.q);
      await deleteLayers(ctx, ids);
      return { message: plural(new Set(ids).size, 'annotation layer', 'annotation layers') };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/:pk/annotation/`,
    access: READ,
    params: layerParams,
    query: risonQuery(listQuerySchema),
    handler: async ({ params, query }) => {
      const options = toListOptions(translateListFilters(query.q), {
        filter: ANNOTATION_FILTER_COLUMNS,
        order: ANNOTATION_ORDER_COLUMNS,
        defaultOrder: 'short_descr',
      });
      if ('error' in options) throw new ValidationError(options.error);
      return listLayerAnnotations(ctx, params.pk, options);
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: `${BASE}/:pk/annotation/:annotationId`,
    access: READ,
    params: annotationParams,
    handler: async ({ params }) => readAnnotation(ctx, params.pk, params.annotationId),
  });

  defineRoute(app, {
    method: 'POST',
    url: `${BASE}/:pk/annotation/`,
    access: WRITE,
    params: layerParams,
    body: annotationCreateBody,
    handler: async ({ params, body, user, reply }) => {
      const created = await createAnnotation(ctx, requireUser(user), params.pk, body);
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: `${BASE}/:pk/annotation/:annotationId`,
    access: WRITE,
    params: annotationParams,
    body: annotationUpdateBody,
    handler: async ({ params, body, user }) =>
      updateAnnotation(ctx, requireUser(user), params.pk, params.annotationId, body),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${BASE}/:pk/annotation/:annotationId`,
    access: WRITE,
    params: annotationParams,
    handler: async ({ params }) => {
      await deleteAnnotations(ctx, params.pk, [params.annotationId]);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: `${BASE}/:pk/annotation/`,
    access: WRITE,
    params: layerParams,
    query: risonQuery(idsQuery),
    handler: async ({ params, query }) => {
      const ids = requireIds(query.q);
      await deleteAnnotations(ctx, params.pk, ids);
      return { message: plural(new Set(ids).size, 'annotation', 'annotations') };
    },
  });
}
