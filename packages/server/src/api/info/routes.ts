// GET /api/v1/<resource>/_info: Superset's description of a REST resource (fields, filters, the caller's
// permissions), optionally cut to the keys `q=(keys:!(permissions))` asks for.
import type { FastifyInstance } from 'fastify';
import { type ZodObject, type ZodType, z } from 'zod';
import { REPORT_FILTER_COLUMNS, reportCreateBody, reportUpdateBody } from '../../reports/report-schemas.js';
import type { AuthUser } from '../../security/current-user.js';
import { userHasPermission } from '../../security/current-user.js';
import { DATABASE_LIST_COLUMNS } from '../../store/databases.js';
import { LIST_OPERATORS } from '../../store/list.js';
import {
  ANNOTATION_LAYER_FILTER_COLUMNS,
  annotationLayerCreateBody,
  annotationLayerUpdateBody,
} from '../annotation-layer/schemas.js';
import { CHART_FILTER_COLUMNS, chartCreateBody, chartUpdateBody } from '../chart/schemas.js';
import { CSS_TEMPLATE_FILTER_COLUMNS, cssTemplateCreateBody, cssTemplateUpdateBody } from '../css-template/schemas.js';
import { DASHBOARD_FILTER_COLUMNS, dashboardCreateBody, dashboardUpdateBody } from '../dashboard/schemas.js';
import { databaseCreateBody, databaseUpdateBody } from '../database/schemas.js';
import { DATASET_FILTER_COLUMNS, datasetCreateBody, datasetUpdateBody } from '../dataset/schemas.js';
import { defineRoute, requireUser } from '../route.js';
import { RLS_FILTER_COLUMNS, rlsCreateBody, rlsUpdateBody } from '../rowlevelsecurity/schemas.js';
import { SAVED_QUERY_FILTER_COLUMNS, savedQueryCreateBody, savedQueryUpdateBody } from '../saved-query/schemas.js';
import { risonQuery } from '../validation.js';

interface InfoResource {
  path: string;
  view: string;
  title: string;
  add: ZodObject;
  edit: ZodObject;
  filters: readonly string[];
}

const RESOURCES: readonly InfoResource[] = [
  {
    path: 'chart',
    view: 'Chart',
    title: 'Chart',
    add: chartCreateBody,
    edit: chartUpdateBody,
    filters: CHART_FILTER_COLUMNS,
  },
  {
    path: 'dashboard',
    view: 'Dashboard',
    title: 'Dashboard',
    add: dashboardCreateBody,
    edit: dashboardUpdateBody,
    filters: DASHBOARD_FILTER_COLUMNS,
  },
  {
    path: 'dataset',
    view: 'Dataset',
    title: 'Dataset',
    add: datasetCreateBody,
    edit: datasetUpdateBody,
    filters: DATASET_FILTER_COLUMNS,
  },
  {
    path: 'database',
    view: 'Database',
    title: 'Database',
    add: databaseCreateBody,
    edit: databaseUpdateBody,
    filters: Object.keys(DATABASE_LIST_COLUMNS),
  },
  {
    path: 'saved_query',
    view: 'SavedQuery',
    title: 'Saved Query',
    add: savedQueryCreateBody,
    edit: savedQueryUpdateBody,
    filters: SAVED_QUERY_FILTER_COLUMNS,
  },
  {
    path: 'annotation_layer',
    view: 'Annotation',
    title: 'Annotation Layer',
    add: annotationLayerCreateBody,
    edit: annotationLayerUpdateBody,
    filters: ANNOTATION_LAYER_FILTER_COLUMNS,
  },
  {
    path: 'css_template',
    view: 'CssTemplate',
    title: 'Css Template',
    add: cssTemplateCreateBody,
    edit: cssTemplateUpdateBody,
    filters: CSS_TEMPLATE_FILTER_COLUMNS,
  },
  {
    path: 'report',
    view: 'ReportSchedule',
    title: 'Report Schedule',
    add: reportCreateBody,
    edit: reportUpdateBody,
    filters: REPORT_FILTER_COLUMNS,
  },
  {
    path: 'rowlevelsecurity',
    view: 'Row Level Security',
    title: 'Row Level Security',
    add: rlsCreateBody,
    edit: rlsUpdateBody,
    filters: RLS_FILTER_COLUMNS,
  },
];

/** Flask-AppBuilder's operator names for the list filters. */
const OPERATOR_NAMES: Record<(typeof LIST_OPERATORS)[number], string> = {
  eq: 'Equal to',
  neq: 'Not equal to',
  ct: 'Contains',
  nct: 'Not contains',
  sw: 'Starts with',
  ew: 'Ends with',
  gt: 'Greater than',
  ge: 'Greater or equal to',
  lt: 'Smaller than',
  le: 'Smaller or equal to',
  in: 'In',
  nin: 'Not in',
};

const INFO_KEYS = ['add_columns', 'edit_columns', 'filters', 'permissions', 'add_title', 'edit_title'] as const;

const infoQuery = z.object({ keys: z.array(z.enum(INFO_KEYS)).optional() }).passthrough();

/** A field is required when the schema refuses it missing. */
function columnsOf(schema: ZodObject) {
  return Object.entries(schema.shape as Record<string, ZodType>).map(([name, field]) => ({
    name,
    required: !field.safeParse(undefined).success,
  }));
}

/** The resource's permissions the caller holds, as Superset lists them. */
function permissionsOf(user: AuthUser, view: string): string[] {
  return ['can_read', 'can_write'].filter((permission) => userHasPermission(user, permission, view));
}

function describe(resource: InfoResource, user: AuthUser) {
  const operators = LIST_OPERATORS.map((operator) => ({ name: OPERATOR_NAMES[operator], operator }));
  return {
    add_columns: columnsOf(resource.add),
    edit_columns: columnsOf(resource.edit),
    filters: Object.fromEntries(resource.filters.map((column) => [column, operators])),
    permissions: permissionsOf(user, resource.view),
    add_title: `Add ${resource.title}`,
    edit_title: `Edit ${resource.title}`,
  };
}

export function registerInfoRoutes(app: FastifyInstance): void {
  for (const resource of RESOURCES) {
    defineRoute(app, {
      method: 'GET',
      url: `/api/v1/${resource.path}/_info`,
      access: { permission: 'can_read', view: resource.view },
      query: risonQuery(infoQuery),
      handler: async ({ query, user }) => {
        const info = describe(resource, requireUser(user));
        const keys = query.q?.keys;
        if (!keys || keys.length === 0) return info;
        return Object.fromEntries(keys.map((key) => [key, info[key]]));
      },
    });
  }
}
