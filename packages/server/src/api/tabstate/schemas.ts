// Request schemas of /tabstateview/: the shapes Superset's SQL Lab client sends.
import { z } from 'zod';
import { flagField, idParams, jsonOrValue, jsonTextField, numericId } from '../../schemas/json-fields.js';

const name = z.string().max(256);
/** A run's client id; a form field of digits only decodes to a number, so numbers are taken back as text. */
const clientId = z.union([z.string(), z.number()]).transform(String).pipe(z.string().min(1).max(256));

export const tabIdParams = idParams;
export const tabQueryParams = idParams.extend({ queryId: clientId });

/** The client's query editor; unknown keys (cursor, selection, pane sizes…) are dropped. */
const queryEditor = z.object({
  name: name.nullish(),
  title: name.nullish(),
  dbId: numericId.nullish(),
  catalog: name.nullish(),
  schema: name.nullish(),
  sql: z.string().nullish(),
  queryLimit: z.number().int().nonnegative().nullish(),
  templateParams: jsonTextField.nullish(),
  autorun: flagField.optional(),
  hideLeftBar: flagField.optional(),
  remoteId: numericId.nullish(),
  latestQueryId: clientId.nullish(),
  updatedAt: z.number().nullish(),
  version: z.number().int().nullish(),
});

export const tabCreateBody = z.object({ queryEditor: jsonOrValue(queryEditor) });

/** Every field optional: an absent field is left as it is, null clears the nullable ones. */
export const tabUpdateBody = z.object({
  database_id: numericId.nullable().optional(),
  catalog: name.nullable().optional(),
  schema: name.nullable().optional(),
  sql: z.string().nullable().optional(),
  label: name.optional(),
  query_limit: z.number().int().nonnegative().nullable().optional(),
  latest_query_id: clientId.nullable().optional(),
  template_params: jsonTextField.nullable().optional(),
  hide_left_bar: flagField.optional(),
  autorun: flagField.optional(),
  extra_json: jsonTextField.nullable().optional(),
  saved_query_id: numericId.nullable().optional(),
});

export const migrateQueryBody = z.object({ queryId: clientId });
