// Request schemas of /api/v1/rowlevelsecurity/, with Superset's field names and messages (RLSPostSchema, RLSPutSchema).
import { z } from 'zod';
import { numericId } from '../../schemas/json-fields.js';
import { RLS_LIST_COLUMNS } from '../../store/rls-filters.js';

const between = 'Length must be between 1 and 255.';
const FILTER_TYPES = ['Regular', 'Base'] as const;

const filterType = z.enum(FILTER_TYPES, { message: 'Must be one of: Regular, Base.' });
const optionalText = z
  .string()
  .nullable()
  .optional()
  .transform((text) => (text === undefined ? undefined : text === null || text.trim() === '' ? null : text));

export const rlsCreateBody = z.object({
  name: z.string().min(1, between).max(255, between),
  description: optionalText,
  filter_type: filterType,
  tables: z.array(numericId).min(1, 'Shorter than minimum length 1.'),
  roles: z.array(numericId),
  group_key: optionalText,
  clause: z.string().min(1, 'Custom SQL cannot be empty'),
});

export const rlsUpdateBody = z.object({
  name: z.string().min(1, between).max(255, between).optional(),
  description: optionalText,
  filter_type: filterType.optional(),
  tables: z.array(numericId).min(1, 'Shorter than minimum length 1.').optional(),
  roles: z.array(numericId).optional(),
  group_key: optionalText,
  clause: z.string().min(1, 'Custom SQL cannot be empty').optional(),
});

export const RLS_FILTER_COLUMNS = [
  'name',
  'description',
  'filter_type',
  'tables',
  'roles',
  'group_key',
  'clause',
  'created_by',
  'changed_by',
];
export const RLS_ORDER_COLUMNS = Object.keys(RLS_LIST_COLUMNS);
