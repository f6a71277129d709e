// The "Edit dataset" dialog's working copy: built from the detail, checked before save, turned into the PUT body.
import { fieldErrorsOf } from '../../api/api-error';
import { saveFailureMessage } from '../../components/save-failure';
import type { DatasetColumnDetail, DatasetDetail, DatasetMetricDetail } from './dataset-editor-api';

export interface DraftColumn {
  /** Stable row key: the stored id, or a local one for rows added in this dialog. */
  key: string;
  id?: number;
  /** Calculated columns (an expression instead of a source column) live on their own tab. */
  calculated: boolean;
  column_name: string;
  verbose_name: string;
  description: string;
  expression: string;
  type: string;
  advanced_data_type: string;
  is_dttm: boolean;
  groupby: boolean;
  filterable: boolean;
  python_date_format: string;
  certified_by: string;
  certification_details: string;
  /** The rest of the stored `extra` object, kept as it was. */
  extraRest: Record<string, unknown>;
}

export interface DraftMetric {
  key: string;
  id?: number;
  metric_name: string;
  verbose_name: string;
  expression: string;
  metric_type: string | null;
  d3format: string;
  currency_symbol: string;
  currency_position: string;
  warning_text: string;
  certified_by: string;
  certification_details: string;
  description: string;
  extraRest: Record<string, unknown>;
}

export interface DatasetDraft {
  table_name: string;
  schema: string;
  sql: string;
  virtual: boolean;
  description: string;
  default_endpoint: string;
  cache_timeout: string;
  main_dttm_col: string | null;
  template_params: string;
  /** JSON text of the dataset's extra without its certification (edited in its own fields). */
  extra: string;
  certified_by: string;
  certification_details: string;
  owners: number[];
  /** Tag names; saved through the tags API, not in the PUT body. */
  tags: string[];
  /** Physical (source) columns and calculated ones, in one list as the API keeps them. */
  columns: DraftColumn[];
  metrics: DraftMetric[];
}

function parseObject(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Superset keeps certification inside `extra`: {certification: {certified_by, details}, …}. */
function splitCertification(extra: string | null | undefined) {
  const { certification, ...rest } = parseObject(extra);
  const cert = certification && typeof certification === 'object' ? (certification as Record<string, unknown>) : {};
  return {
    certified_by: typeof cert.certified_by === 'string' ? cert.certified_by : '',
    certification_details: typeof cert.details === 'string' ? cert.details : '',
    rest,
  };
}

function joinCertification(rest: Record<string, unknown>, certifiedBy: string, details: string): string | null {
  const value: Record<string, unknown> = { ...rest };
  if (certifiedBy.trim()) value.certification = { certified_by: certifiedBy.trim(), details: details.trim() };
  return Object.keys(value).length === 0 ? null : JSON.stringify(value);
}

let localKeys = 0;
export const newKey = () => `new-${++localKeys}`;

export function draftColumn(column: DatasetColumnDetail): DraftColumn {
  const cert = splitCertification(column.extra);
  return {
    key: `column-${column.id}`,
    id: column.id,
    calculated: (column.expression ?? '').trim() !== '',
    column_name: column.column_name,
    verbose_name: column.verbose_name ?? '',
    description: column.description ?? '',
    expression: column.expression ?? '',
    type: column.type ?? '',
    advanced_data_type: column.advanced_data_type ?? '',
    is_dttm: column.is_dttm,
    groupby: column.groupby,
    filterable: column.filterable,
    python_date_format: column.python_date_format ?? '',
    certified_by: cert.certified_by,
    certification_details: cert.certification_details,
    extraRest: cert.rest,
  };
}

function draftMetric(metric: DatasetMetricDetail): DraftMetric {
  const cert = splitCertification(metric.extra);
  return {
    key: `metric-${metric.id}`,
    id: metric.id,
    metric_name: metric.metric_name,
    verbose_name: metric.verbose_name ?? '',
    expression: metric.expression,
    metric_type: metric.metric_type,
    d3format: metric.d3format ?? '',
    currency_symbol: metric.currency?.symbol ?? '',
    currency_position: metric.currency?.symbolPosition ?? 'prefix',
    warning_text: metric.warning_text ?? '',
    certified_by: cert.certified_by,
    certification_details: cert.certification_details,
    description: metric.description ?? '',
    extraRest: cert.rest,
  };
}

export function draftOf(detail: DatasetDetail): DatasetDraft {
  const cert = splitCertification(detail.extra);
  return {
    table_name: detail.table_name,
    schema: detail.schema ?? '',
    sql: detail.sql ?? '',
    virtual: detail.kind === 'virtual',
    description: detail.description ?? '',
    default_endpoint: detail.default_endpoint ?? '',
    cache_timeout: detail.cache_timeout === null ? '' : String(detail.cache_timeout),
    main_dttm_col: detail.main_dttm_col,
    template_params: detail.template_params ?? '',
    extra: Object.keys(cert.rest).length === 0 ? '' : JSON.stringify(cert.rest, null, 2),
    certified_by: cert.certified_by,
    certification_details: cert.certification_details,
    owners: detail.owners.map((owner) => owner.id),
    tags: (detail.tags ?? []).map((tag) => tag.name),
    columns: detail.columns.map(draftColumn),
    metrics: detail.metrics.map(draftMetric),
  };
}

export function emptyCalculatedColumn(): DraftColumn {
  return {
    key: newKey(),
    calculated: true,
    column_name: '',
    verbose_name: '',
    description: '',
    expression: '',
    type: '',
    advanced_data_type: '',
    is_dttm: false,
    groupby: true,
    filterable: true,
    python_date_format: '',
    certified_by: '',
    certification_details: '',
    extraRest: {},
  };
}

export function emptyMetric(): DraftMetric {
  return {
    key: newKey(),
    metric_name: '',
    verbose_name: '',
    expression: '',
    metric_type: null,
    d3format: '',
    currency_symbol: '',
    currency_position: 'prefix',
    warning_text: '',
    certified_by: '',
    certification_details: '',
    description: '',
    extraRest: {},
  };
}

/** A problem of the draft, in the tab where the user fixes it. */
export interface DraftProblem {
  tab: 'source' | 'metrics' | 'columns' | 'calculated' | 'settings';
  message: string;
}

function jsonProblem(text: string): boolean {
  if (!text.trim()) return false;
  try {
    const value: unknown = JSON.parse(text);
    return !(value && typeof value === 'object' && !Array.isArray(value));
  } catch {
    return true;
  }
}

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const name of names) (seen.has(name) ? twice : seen).add(name);
  return [...twice];
}

/**
 * What the server would refuse anyway, found before the request so the dialog can say where. `t` is the
 * caller's translator (messages are i18n keys with {{placeholders}}).
 */
export function draftProblems(
  draft: DatasetDraft,
  t: (key: string, values?: Record<string, unknown>) => string,
): DraftProblem[] {
  const problems: DraftProblem[] = [];
  if (!draft.table_name.trim()) problems.push({ tab: 'source', message: t('Dataset name cannot be empty') });
  if (draft.virtual && !draft.sql.trim()) problems.push({ tab: 'source', message: t('SQL cannot be empty') });
  for (const name of duplicates(draft.columns.map((c) => c.column_name.trim()))) {
    problems.push({ tab: 'calculated', message: t('Column name {{name}} is used twice', { name }) });
  }
  draft.columns.forEach((column, index) => {
    if (!column.column_name.trim())
      problems.push({ tab: 'calculated', message: t('Calculated column {{n}} needs a name', { n: index + 1 }) });
    else if (column.calculated && !column.expression.trim())
      problems.push({
        tab: 'calculated',
        message: t('Calculated column {{name}} needs a SQL expression', { name: column.column_name }),
      });
  });
  for (const name of duplicates(draft.metrics.map((m) => m.metric_name.trim()))) {
    problems.push({ tab: 'metrics', message: t('Metric name {{name}} is used twice', { name }) });
  }
  draft.metrics.forEach((metric, index) => {
    if (!metric.metric_name.trim())
      problems.push({ tab: 'metrics', message: t('Metric {{n}} needs a name', { n: index + 1 }) });
    else if (!metric.expression.trim())
      problems.push({
        tab: 'metrics',
        message: t('Metric {{name}} needs a SQL expression', { name: metric.metric_name }),
      });
  });
  if (draft.cache_timeout.trim() && !/^\d+$/.test(draft.cache_timeout.trim()))
    problems.push({ tab: 'settings', message: t('Cache timeout must be a whole number of seconds') });
  if (jsonProblem(draft.template_params))
    problems.push({ tab: 'settings', message: t('Template parameters: invalid JSON, expected an object') });
  if (jsonProblem(draft.extra))
    problems.push({ tab: 'settings', message: t('Extra: invalid JSON, expected an object') });
  return problems;
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The PUT body; call only when draftProblems is empty. */
export function savePayload(draft: DatasetDraft): Record<string, unknown> {
  const payload: Record<string, unknown> = {
    table_name: draft.table_name.trim(),
    description: orNull(draft.description),
    default_endpoint: orNull(draft.default_endpoint),
    cache_timeout: draft.cache_timeout.trim() === '' ? null : Number(draft.cache_timeout),
    main_dttm_col: draft.main_dttm_col,
    template_params: orNull(draft.template_params),
    extra: joinCertification(
      draft.extra.trim() ? (JSON.parse(draft.extra) as Record<string, unknown>) : {},
      draft.certified_by,
      draft.certification_details,
    ),
    owners: draft.owners,
    columns: draft.columns.map((column) => ({
      ...(column.id === undefined ? {} : { id: column.id }),
      column_name: column.column_name.trim(),
      verbose_name: orNull(column.verbose_name),
      description: orNull(column.description),
      expression: orNull(column.expression),
      type: orNull(column.type),
      advanced_data_type: orNull(column.advanced_data_type),
      is_dttm: column.is_dttm,
      groupby: column.groupby,
      filterable: column.filterable,
      python_date_format: orNull(column.python_date_format),
      extra: joinCertification(column.extraRest, column.certified_by, column.certification_details),
    })),
    metrics: draft.metrics.map((metric) => ({
      ...(metric.id === undefined ? {} : { id: metric.id }),
      metric_name: metric.metric_name.trim(),
      verbose_name: orNull(metric.verbose_name),
      expression: metric.expression.trim(),
      metric_type: metric.metric_type,
      d3format: orNull(metric.d3format),
      currency: metric.currency_symbol.trim()
        ? { symbol: metric.currency_symbol.trim(), symbolPosition: metric.currency_position }
        : null,
      warning_text: orNull(metric.warning_text),
      description: orNull(metric.description),
      extra: joinCertification(metric.extraRest, metric.certified_by, metric.certification_details),
    })),
  };
  if (draft.virtual) payload.sql = draft.sql;
  else payload.schema = orNull(draft.schema);
  return payload;
}

/**
 * After a sync the stored columns are the source's; the rows the user changed in this dialog keep their edits
 * (matched by id), and calculated columns not yet saved stay.
 */
export function mergeSynced(
  draft: DatasetDraft,
  original: readonly DraftColumn[],
  synced: readonly DatasetColumnDetail[],
): DraftColumn[] {
  const edited = new Map(draft.columns.filter((c) => c.id !== undefined).map((c) => [c.id, c]));
  const before = new Map(original.map((c) => [c.id, c]));
  const merged = synced.map((column) => {
    const fresh = draftColumn(column);
    const mine = edited.get(column.id);
    const stored = before.get(column.id);
    // Only a row the user touched in this dialog overrides what the server now holds.
    if (!mine || !stored || JSON.stringify(mine) === JSON.stringify(stored)) return fresh;
    return { ...mine, type: fresh.type };
  });
  return [...merged, ...draft.columns.filter((c) => c.id === undefined)];
}

/** Server field errors (`metrics.0.expression`) named by what the user sees: the metric's or column's name. */
export function fieldErrorMessages(
  errors: Record<string, string[]>,
  draft: DatasetDraft,
  t: (key: string, values?: Record<string, unknown>) => string,
): string[] {
  return Object.entries(errors).flatMap(([field, messages]) => {
    const [collection, index] = field.split('.');
    const position = Number(index);
    let label = field;
    if (collection === 'metrics' && Number.isInteger(position))
      label = t('Metric {{name}}', { name: draft.metrics[position]?.metric_name ?? position });
    else if (collection === 'columns' && Number.isInteger(position))
      label = t('Column {{name}}', { name: draft.columns[position]?.column_name ?? position });
    return messages.map((message) => `${label}: ${message}`);
  });
}

/**
 * What a failed save says, in the spec's words (§8, "Sorry, there was an error saving this dataset: …"): the server's
 * field errors named by metric or column, else its message, else that an unknown error occurred.
 */
export function saveFailureText(
  failure: unknown,
  draft: DatasetDraft,
  t: (key: string, values?: Record<string, unknown>) => string,
): string {
  const fields = fieldErrorsOf(failure);
  const messages = fields ? fieldErrorMessages(fields, draft, t) : [];
  return saveFailureMessage('dataset', failure, messages.length > 0 ? messages.join('; ') : undefined);
}
