// Pure logic of the database dialog: engines and their URI placeholders, extra JSON check, form ↔ payload, and what
// a failed save says.
import type { AvailableEngines } from '@nezha/core';
import { fieldErrorsOf } from '../api/api-error';
import type { DatabaseDetail, DatabaseFlags, DatabasePayload } from '../api/types';
import { saveFailureMessage } from '../components/save-failure';
import { t } from '../i18n/i18n';

/** An engine the dialog offers, as the server's GET /api/v1/database/available/ lists it. */
export interface EngineOption {
  key: string;
  label: string;
  placeholder: string;
  /** URI schemes that belong to this engine, with or without a +driver suffix. */
  schemes: string[];
}

export const FLAG_FIELDS: ReadonlyArray<keyof DatabaseFlags> = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'disable_data_preview',
];

export interface DatabaseFormValues extends DatabaseFlags {
  engine: string;
  database_name: string;
  sqlalchemy_uri: string;
  extra: string;
}

/** The server's answer as the dialog's options. */
export function engineOptionsOf(answer: AvailableEngines): EngineOption[] {
  return answer.databases.map((item) => ({
    key: item.engine,
    label: item.name,
    placeholder: item.sqlalchemy_uri_placeholder,
    schemes: item.schemes,
  }));
}

export function engineOfUri(uri: string | undefined, engines: readonly EngineOption[]): string | undefined {
  const trimmed = uri?.trim() ?? '';
  const match = /^([a-z0-9]+)(\+[a-z0-9_]+)?:/i.exec(trimmed);
  if (!match) return undefined;
  // A scheme the server lists whole (clickhousedb+connect) wins over its bare driver name.
  const full = `${match[1] ?? ''}${match[2] ?? ''}`.toLowerCase();
  const bare = (match[1] ?? '').toLowerCase();
  return (
    engines.find((engine) => engine.schemes.includes(full)) ?? engines.find((engine) => engine.schemes.includes(bare))
  )?.key;
}

/** The URI placeholder of an engine, else of the first engine the server lists. */
export function placeholderOf(engineKey: string | undefined, engines: readonly EngineOption[]): string {
  return (engines.find((engine) => engine.key === engineKey) ?? engines[0])?.placeholder ?? '';
}

/** Extra must be a JSON object, or empty; returns the message to show, or null when fine. */
export function extraError(text: string | undefined): string | null {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return null;
  try {
    const parsed: unknown = JSON.parse(trimmed);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return t('Extra must be a JSON object');
    return null;
  } catch (error) {
    return t('Invalid JSON: {{message}}', { message: error instanceof Error ? error.message : String(error) });
  }
}

export function emptyFormValues(): DatabaseFormValues {
  return {
    // Set to the server's first engine once its list arrives (the web names no engine).
    engine: '',
    database_name: '',
    sqlalchemy_uri: '',
    extra: '',
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    disable_data_preview: false,
  };
}

function prettyJson(text: string): string {
  if (!text || text.trim() === '' || text.trim() === '{}') return '';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** A stored database as the form's values; its engine is the server's name for it (`backend`). */
export function formValuesOf(detail: DatabaseDetail): DatabaseFormValues {
  return {
    engine: detail.backend,
    database_name: detail.database_name,
    sqlalchemy_uri: detail.sqlalchemy_uri,
    extra: prettyJson(detail.extra),
    expose_in_sqllab: detail.expose_in_sqllab,
    allow_run_async: detail.allow_run_async,
    allow_dml: detail.allow_dml,
    allow_ctas: detail.allow_ctas,
    allow_cvas: detail.allow_cvas,
    disable_data_preview: detail.disable_data_preview,
  };
}

/** The body of POST and PUT; the masked password in an edited URI is sent back as is (the server keeps it). */
export function payloadOf(values: DatabaseFormValues): DatabasePayload {
  const payload: DatabasePayload = {
    database_name: values.database_name.trim(),
    sqlalchemy_uri: values.sqlalchemy_uri.trim(),
  };
  for (const flag of FLAG_FIELDS) payload[flag] = Boolean(values[flag]);
  const extra = values.extra?.trim() ?? '';
  if (extra !== '') payload.extra = JSON.stringify(JSON.parse(extra));
  return payload;
}

/**
 * A failed save in the spec's words (§8): "Sorry, there was an error saving this database: …" with the server's field
 * messages (also shown beside their fields), else its message, else that an unknown error occurred.
 */
export function saveFailureText(error: unknown): string {
  const fields = fieldErrorsOf(error);
  const detail = fields ? Object.values(fields).flat().join(' ') : '';
  return saveFailureMessage('database', error, detail || undefined);
}
