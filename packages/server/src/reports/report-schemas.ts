// Request schemas of /api/v1/report/, with Superset's field names and marshmallow messages (ReportSchedulePostSchema).
import { z } from 'zod';
import { REPORT_LIST_COLUMNS, REPORT_LOG_COLUMNS } from '../store/reports.js';
import { EMAIL, emailTargets, isKnownTimezone, isValidCrontab } from './schedule-rules.js';

const REPORT_TYPES = ['Alert', 'Report'] as const;
const REPORT_FORMATS = ['PNG', 'PDF', 'CSV', 'TEXT'] as const;
const RECIPIENT_TYPES = ['Email', 'Webhook'] as const;
const CREATION_METHODS = ['charts', 'dashboards', 'alerts_reports'] as const;
const VALIDATOR_TYPES = ['not null', 'operator'] as const;
const VALIDATOR_OPERATORS = ['<', '<=', '>', '>=', '==', '!='] as const;

const positive = z
  .number({ error: 'Not a valid integer.' })
  .int('Not a valid integer.')
  .min(1, 'Value must be greater than 0');

const recipient = z
  .object({
    type: z.enum(RECIPIENT_TYPES),
    recipient_config_json: z.object({ target: z.string() }).passthrough(),
  })
  .superRefine((value, ctx) => {
    const target = value.recipient_config_json.target;
    if (value.type === 'Email') {
      const addresses = emailTargets(target);
      if (addresses.length === 0 || addresses.some((address) => !EMAIL.test(address))) {
        ctx.addIssue({
          code: 'custom',
          path: ['recipient_config_json', 'target'],
          message: 'Not a valid email address.',
        });
      }
    } else {
      let url: URL | null = null;
      try {
        url = new URL(target);
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        ctx.addIssue({ code: 'custom', path: ['recipient_config_json', 'target'], message: 'Not a valid URL.' });
      }
    }
  });

const fields = {
  type: z.enum(REPORT_TYPES),
  name: z.string().min(1, 'Length must be between 1 and 150.').max(150, 'Length must be between 1 and 150.'),
  description: z.string().nullable(),
  context_markdown: z.string().nullable(),
  active: z.boolean(),
  crontab: z
    .string()
    .min(1, 'Length must be between 1 and 1000.')
    .max(1000, 'Length must be between 1 and 1000.')
    .refine(isValidCrontab, 'Cron expression is not valid'),
  timezone: z.string().refine(isKnownTimezone, 'Must be one of the IANA time zones, e.g. UTC or Europe/Paris.'),
  sql: z.string().nullable(),
  chart: z.number().int().nullable(),
  dashboard: z.number().int().nullable(),
  database: z.number().int().nullable(),
  owners: z.array(z.number().int()),
  validator_type: z.enum(VALIDATOR_TYPES).nullable(),
  validator_config_json: z
    .object({ op: z.enum(VALIDATOR_OPERATORS).optional(), threshold: z.number().optional() })
    .passthrough()
    .nullable(),
  log_retention: positive,
  grace_period: positive,
  working_timeout: positive,
  recipients: z.array(recipient),
  report_format: z.enum(REPORT_FORMATS),
  creation_method: z.enum(CREATION_METHODS),
  extra: z
    .object({
      dashboard: z
        .object({ anchor: z.string().optional(), activeTabs: z.array(z.string()).optional() })
        .passthrough()
        .optional(),
    })
    .passthrough()
    .nullable(),
  force_screenshot: z.boolean(),
  custom_width: z
    .number()
    .int()
    .min(600, 'Screenshot width must be between 600px and 2400px')
    .max(2400, 'Screenshot width must be between 600px and 2400px')
    .nullable(),
};

export const reportCreateBody = z.object(fields).partial().required({ type: true, name: true, crontab: true });
export const reportUpdateBody = z.object(fields).partial();

export type ReportCreateInput = z.infer<typeof reportCreateBody>;
export type ReportUpdateInput = z.infer<typeof reportUpdateBody>;

export const reportIdParams = z.object({ pk: z.coerce.number().int().positive() });
export const reportLogParams = z.object({
  pk: z.coerce.number().int().positive(),
  logId: z.coerce.number().int().positive(),
});

export const REPORT_FILTER_COLUMNS = [
  'id',
  'name',
  'active',
  'created_by',
  'changed_by',
  'owners',
  'type',
  'last_state',
  'creation_method',
  'dashboard_id',
  'chart_id',
];
export const REPORT_ORDER_COLUMNS = Object.keys(REPORT_LIST_COLUMNS).filter((c) => !c.endsWith('_id'));
export const REPORT_LOG_FILTER_COLUMNS = Object.keys(REPORT_LOG_COLUMNS);
