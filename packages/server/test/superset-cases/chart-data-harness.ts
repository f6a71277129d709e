// Superset's chart data API test cases (tests/integration_tests/charts/data/api_tests.py) on our four engines: their
// birth_names query context translated onto our birth_names slice (California and New York from 2000), the
// reference SQL each case runs itself, and users with and without export rights.
import { objectPermissionName, type QueryObject, type Row } from '@nezha/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineConnection } from '../../src/engines/types.js';
import { getDatabase } from '../../src/store/databases.js';
import {
  CHART_ENGINES,
  type ChartEngine,
  type ChartEnv,
  DATA_PRESENT,
  openChartEnv,
} from '../chart-data/chart-fixtures.js';
import { addUser } from '../support/dataset-fixtures.js';
import { suiteTitle } from '../support/services.js';
import type { Session } from '../support/test-app.js';
import { startTestApp } from '../support/test-app.js';

/** Superset's birth_names `sum__num` saved metric, as the adhoc metric it stands for. */
export const SUM_NUM = {
  expressionType: 'SIMPLE',
  column: { column_name: 'num' },
  aggregate: 'SUM',
  label: 'sum__num',
} as const;

/** tests/common/query_context_generator.py DEFAULT_VALUES, on our birth_names. */
export function baseQuery(): QueryObject {
  return {
    columns: ['name'],
    metrics: [{ ...SUM_NUM }],
    orderby: [['sum__num', false]],
    row_limit: 100,
    granularity: 'ds',
    time_range: '100 years ago : now',
    extras: { where: '', having: '', time_grain_sqla: 'P1D' },
    order_desc: true,
    filters: [
      { col: 'gender', op: '==', val: 'boy' },
      { col: 'num', op: 'IS NOT NULL' },
      { col: 'name', op: 'NOT IN', val: ['<NULL>', '"abc"'] },
    ],
  };
}

export interface CaseWorld {
  engine: ChartEngine;
  env: ChartEnv;
  admin: Session;
  /** The birth_names dataset. */
  births: number;
  /** Datasource access on birth_names and can_read Chart, but not can_csv (Superset's gamma_no_csv). */
  noCsv: Session;
  /** can_read Chart without any data access (Superset's gamma). */
  gamma: Session;
  /** Rows of a reference query run straight on the engine. */
  sql(text: string): Promise<Row[]>;
  q(name: string): string;
  /** A request body of Superset's query context shape on birth_names. */
  payload(queries?: QueryObject[], extra?: Record<string, unknown>): Record<string, unknown>;
  post(payload: Record<string, unknown>, session?: Session, query?: string): Promise<LightMyRequestResponse>;
}

/** Superset's get_expected_row_count: the base query's groups, counted by SQL of our own. */
export async function expectedRowCount(w: CaseWorld): Promise<number> {
  const since = new Date();
  since.setUTCFullYear(since.getUTCFullYear() - 100);
  const start = `${since.toISOString().slice(0, 10)} 00:00:00`;
  const rows = await w.sql(
    `SELECT COUNT(*) AS ${w.q('rows_count')} FROM (
       SELECT ${w.q('name')} AS ${w.q('name')}, SUM(${w.q('num')}) AS ${w.q('sum__num')}
       FROM ${w.q('birth_names')}
       WHERE ${w.q('ds')} >= '${start}' AND ${w.q('gender')} = 'boy'
       GROUP BY ${w.q('name')}
       ORDER BY 2 DESC
       LIMIT 100) AS ${w.q('inner__query')}`,
  );
  return Number(rows[0]?.rows_count);
}

/**
 * Registers one describe per engine (skipped by name without its service URL or the shared data) with the world
 * built in beforeAll; `body` reads it inside its tests.
 */
export function perEngine(suite: string, body: (w: CaseWorld) => void): void {
  for (const engine of CHART_ENGINES) {
    const runnable = engine.url !== undefined && DATA_PRESENT !== undefined;
    const name = `${suite} on ${engine.title}`;
    const title = DATA_PRESENT
      ? suiteTitle(name, engine.url, engine.variable)
      : suiteTitle(name, undefined, 'the shared data folder ../shared/data');
    describe.skipIf(!runnable)(title, () => {
      const w = { engine } as CaseWorld;
      let connection: EngineConnection;
      beforeAll(async () => {
        const env = await openChartEnv(engine, () => startTestApp());
        const row = await getDatabase(env.t.ctx.store.db, env.databaseId);
        if (!row) throw new Error('no database');
        connection = await env.t.ctx.connections.forDatabase(row);
        const births = env.datasets.births;
        const birthsAccess: [string, string] = [
          'datasource_access',
          objectPermissionName.datasource(row.database_name, 'birth_names', births),
        ];
        const dialect = engineByName(engine.name).dialect;
        Object.assign(w, {
          env,
          admin: env.admin,
          births,
          noCsv: (await addUser(env.t, 'gamma_no_csv', [], [['can_read', 'Chart'], birthsAccess])).session,
          gamma: (await addUser(env.t, 'gamma', [], [['can_read', 'Chart']])).session,
          sql: async (text: string) => {
            const result = await connection.execute(text);
            // Engines name unquoted aliases in their own case (none here uses a quoted one in upper case).
            const names = result.columns.map((column) => column.name.toLowerCase());
            return result.rows.map((values) => Object.fromEntries(names.map((name, i) => [name, values[i]])));
          },
          q: (id: string) => dialect.quoteIdentifier(id),
          payload: (queries = [baseQuery()], extra = {}) => ({
            datasource: { id: births, type: 'table' },
            queries,
            result_type: 'full',
            ...extra,
          }),
          post: (payload: Record<string, unknown>, session?: Session, query = '') =>
            (session ?? env.admin).request({ method: 'POST', url: `/api/v1/chart/data${query}`, payload }),
        } satisfies Omit<CaseWorld, 'engine'>);
      }, 240_000);
      afterAll(async () => w.env?.drop());
      body(w);
    });
  }
}

/** The first query's answer of a 200. */
export function firstResult(response: LightMyRequestResponse): Record<string, unknown> & {
  data: Row[];
  rowcount: number;
  query: string;
  colnames: string[];
} {
  if (response.statusCode !== 200) throw new Error(`expected 200, got ${response.statusCode}: ${response.body}`);
  return response.json().result[0];
}

/** Names of the files of a ZIP archive, in order (local headers). */
export function zipNames(archive: Buffer): string[] {
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= archive.length && archive.readUInt32LE(at) === 0x04034b50) {
    const packedSize = archive.readUInt32LE(at + 18);
    const nameLength = archive.readUInt16LE(at + 26);
    const extraLength = archive.readUInt16LE(at + 28);
    names.push(archive.subarray(at + 30, at + 30 + nameLength).toString('utf8'));
    at += 30 + nameLength + extraLength + packedSize;
  }
  return names;
}
