// Request schemas of /tableschemaview/: the table panel object Superset's SQL Lab client sends.
import { z } from 'zod';
import { flagField, idParams, jsonOrValue, numericId } from '../../schemas/json-fields.js';

const name = z.string().max(256);

/** What is not a column of its own (columns, keys, select star, preview query…) is kept as the description. */
const tablePanel = z
  .object({
    dbId: numericId,
    queryEditorId: numericId,
    catalog: name.nullish(),
    schema: name.nullish(),
    name: name.min(1),
    expanded: flagField.optional(),
  })
  .passthrough();
export type TablePanelInput = z.infer<typeof tablePanel>;

export const tableIdParams = idParams;
export const tableCreateBody = z.object({ table: jsonOrValue(tablePanel) });
export const tableExpandedBody = z.object({ expanded: jsonOrValue(flagField) });
