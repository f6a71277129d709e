// The engines Nezha can connect to; adding one means one folder (see engines/duckdb/, whose duckdb.ts also adds its
// name to EngineNames) and one line in ENGINES: this file fails to compile until the two agree.
import type { EditorDialect } from '@nezha/core';
import { clickhouse } from './clickhouse/clickhouse.js';
import { duckdb } from './duckdb/duckdb.js';
import type { EngineName } from './engine-names.js';
import { unknownDriverError } from './errors.js';
import { mysql } from './mysql/mysql.js';
import { postgresql } from './postgresql/postgresql.js';
import { sqlite } from './sqlite/sqlite.js';
import type { Engine } from './types.js';
import { parseUri } from './uri.js';

export const ENGINES = [duckdb, postgresql, mysql, sqlite, clickhouse] as const;

export type { EngineName } from './engine-names.js';

type Registered = (typeof ENGINES)[number]['name'];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A compile error unless every name has an engine and every engine a name. */
export const ENGINES_MATCH_NAMES: Same<Registered, EngineName> = true;

/** The engine for a name of EngineName (or any string from a request); unknown names get Superset's driver error. */
export function engineByName(name: string): Engine {
  const engine = ENGINES.find((candidate) => candidate.name === name);
  if (!engine) throw unknownDriverError(name);
  return engine;
}

/**
 * The SQL editor's dialect for a stored database's backend; a backend no engine claims (a row written by another
 * version) gets CodeMirror's standard SQL, as the editor had before the engines named theirs.
 */
export function editorDialectOf(backend: string): EditorDialect {
  return ENGINES.find((candidate) => candidate.name === backend)?.editorDialect ?? 'StandardSQL';
}

/**
 * Superset's `Database.allows_cost_estimate`: the engine can estimate, and the database's extra does not say
 * `cost_estimate_enabled: false` (Superset asks for it to be set; here it is on unless turned off).
 */
export function allowsCostEstimate(backend: string, extra: Record<string, unknown>): boolean {
  const engine = ENGINES.find((candidate) => candidate.name === backend);
  return (engine?.sqlLab.costEstimate ?? false) && extra.cost_estimate_enabled !== false;
}

/** The engine whose schemes include the URI's; a malformed URI or an unclaimed scheme is a 400 NezhaError. */
export function engineForUri(uri: string): Engine {
  const { scheme } = parseUri(uri);
  const engine = ENGINES.find((candidate) => candidate.schemes.includes(scheme));
  if (!engine) throw unknownDriverError(scheme);
  return engine;
}
