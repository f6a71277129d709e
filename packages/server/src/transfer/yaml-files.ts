// YAML in and out of bundles: written in the objects' own key order (Superset's sort_keys=False), read safely.
import { parse, stringify } from 'yaml';
import { TransferError } from './transfer-error.js';

/** Block style, no line folding and no anchors, so a one-field change is a one-line diff. */
export function toYaml(value: unknown): string {
  return stringify(value, { lineWidth: 0, aliasDuplicateObjects: false, sortMapEntries: false });
}

/** Parses one bundle file; YAML errors and anything but a mapping are a 422 naming the file. */
export function parseYamlFile(file: string, text: string): Record<string, unknown> {
  let value: unknown;
  try {
    // Plain JSON-compatible YAML: no custom tags, a bounded alias expansion (billion laughs).
    value = parse(text, { maxAliasCount: 100, uniqueKeys: true });
  } catch {
    throw new TransferError(422, 'Error importing: not a valid YAML file', { [file]: 'Not a valid YAML file' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TransferError(422, 'Error importing: not a YAML mapping', { [file]: 'Not a YAML mapping of fields' });
  }
  return value as Record<string, unknown>;
}
