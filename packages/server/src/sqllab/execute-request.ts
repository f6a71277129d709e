// The body of POST /api/v1/sqllab/execute/, as Superset's SQL Lab client sends it.
import { CLIENT_ID_LENGTH } from '@nezha/core';
import { z } from 'zod';

const optionalText = z.string().nullable().optional();

/** Superset's own tests and older clients send 10 characters; ours generate CLIENT_ID_LENGTH (11). */
const SHORTEST_CLIENT_ID = 10;
const clientIdLengths = `client_id must have ${SHORTEST_CLIENT_ID} or ${CLIENT_ID_LENGTH} characters.`;

export const executeRequestSchema = z.object({
  client_id: z
    .string()
    .min(SHORTEST_CLIENT_ID, clientIdLengths)
    .max(CLIENT_ID_LENGTH, clientIdLengths)
    .regex(/^[A-Za-z0-9_-]+$/, 'client_id may hold only letters, digits, _ and -.'),
  database_id: z.coerce.number().int().positive(),
  sql: z.string(),
  json: z.boolean().optional(),
  runAsync: z.boolean().optional(),
  catalog: optionalText,
  schema: optionalText,
  sql_editor_id: z.union([z.string(), z.number()]).nullable().optional(),
  tab: optionalText,
  tmp_table_name: optionalText,
  select_as_cta: z.boolean().optional(),
  ctas_method: z.enum(['TABLE', 'VIEW']).nullable().optional(),
  templateParams: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  queryLimit: z.coerce.number().int().nonnegative().nullable().optional(),
  expand_data: z.boolean().optional(),
});

export type ExecuteRequest = z.infer<typeof executeRequestSchema>;
