// The engines Nezha can connect to; adding one means one folder (see engines/duckdb/) and one line in ENGINES.
import { clickhouse } from './clickhouse/clickhouse.js';
import { duckdb } from './duckdb/duckdb.js';
import { unknownDriverError } from './errors.js';
import { mysql } from './mysql/mysql.js';
import { postgresql } from './postgresql/postgresql.js';
import { sqlite } from './sqlite/sqlite.js';
import type { Engine } from './types.js';
import { parseUri } from './uri.js';

export const ENGINES = [duckdb, postgresql, mysql, sqlite, clickhouse] as const;

/** The name of an engine Nezha knows, derived from ENGINES. */
export type EngineName = (typeof ENGINES)[number]['name'];

/** The engine for a name of EngineName (or any string from a request); unknown names get Superset's driver error. */
export function engineByName(name: string): Engine {
  const engine = ENGINES.find((candidate) => candidate.name === name);
  if (!engine) throw unknownDriverError(name);
  return engine;
}

/** The engine whose schemes include the URI's; a malformed URI or an unclaimed scheme is a 400 NezhaError. */
export function engineForUri(uri: string): Engine {
  const { scheme } = parseUri(uri);
  const engine = ENGINES.find((candidate) => candidate.schemes.includes(scheme));
  if (!engine) throw unknownDriverError(scheme);
  return engine;
}
