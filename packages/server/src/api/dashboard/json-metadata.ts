// The json_metadata of a dashboard save checked as Superset's DashboardJSONMetadataSchema does: each known key
// holds its type (marshmallow's messages), unknown keys pass.

type Check = (value: unknown) => string | null;

/** marshmallow's Integer is not strict: digits in a string are an integer too. */
const integer: Check = (value) =>
  Number.isInteger(value) || (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) ? null : 'Not a valid integer.';
const text: Check = (value) => (typeof value === 'string' ? null : 'Not a valid string.');
const mapping: Check = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? null : 'Not a valid mapping type.';
const BOOLEAN_TEXT = new Set(['true', 'false', 't', 'f', 'yes', 'no', 'y', 'n', 'on', 'off', '1', '0']);
const boolean: Check = (value) =>
  typeof value === 'boolean' ||
  value === 0 ||
  value === 1 ||
  (typeof value === 'string' && BOOLEAN_TEXT.has(value.toLowerCase()))
    ? null
    : 'Not a valid boolean.';
const listOf =
  (item: Check): Check =>
  (value) => {
    if (!Array.isArray(value)) return 'Not a valid list.';
    const bad = value.map(item).find((message) => message !== null);
    return bad ?? null;
  };
const mappingOrList: Check = (value) => (Array.isArray(value) ? null : mapping(value));

const FIELDS: Record<string, Check> = {
  refresh_frequency: integer,
  timed_refresh_immune_slices: listOf(integer),
  filter_scopes: mapping,
  expanded_slices: mapping,
  color_scheme: text,
  label_colors: mapping,
  shared_label_colors: mappingOrList,
  map_label_colors: mapping,
  color_scheme_domain: listOf(text),
  cross_filters_enabled: boolean,
  positions: mapping,
  filter_bar_orientation: text,
  native_filter_configuration: listOf(mapping),
  chart_configuration: mapping,
  global_chart_configuration: mapping,
  import_time: integer,
  remote_id: integer,
  filter_immune_slices: listOf(integer),
  filter_immune_slice_fields: mapping,
  stagger_refresh: boolean,
  stagger_time: integer,
  default_filters: text,
  color_namespace: text,
  show_native_filters: boolean,
};

/** "key: why" for each known key of the metadata object holding a value of the wrong type (null always passes). */
export function dashboardMetadataProblems(metadata: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [key, check] of Object.entries(FIELDS)) {
    const value = metadata[key];
    if (value === undefined || value === null) continue;
    const message = check(value);
    if (message) problems.push(`${key}: ${message}`);
  }
  return problems;
}
