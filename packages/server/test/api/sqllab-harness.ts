// The SQL Lab suites' one harness: each engine's databases registered through the API, fixture tables, HTTP helpers.
import { randomBytes } from 'node:crypto';
import { encodeRison } from '@nezha/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineConnection, EngineName } from '../../src/engines/types.js';
import { hashPassword } from '../../src/security/passwords.js';
import { createRole, ensurePermissionView, findRoleByName, setRolePermissions } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { ENGINE_SUITE_FIXTURES, type EngineFixture, variant } from '../engines/engine-fixtures.js';
import { createTempPostgresDatabase } from '../support/postgres-database.js';
import { suiteTitle } from '../support/services.js';
import { dataUri, type Session, type TestApp } from '../support/test-app.js';

export const suffix = randomBytes(3).toString('hex');

export interface SqlLabEngine {
  fixture: EngineFixture;
  name: EngineName;
  /** The server's URL from the environment; undefined for the embedded engines and for a missing variable. */
  serverUrl: string | undefined;
  available: boolean;
  /** A describe title naming the engine, or saying why it was skipped. */
  title(suite: string): string;
}

/** Every engine, ClickHouse included; a server engine without its URL is skipped by name. */
export const SQLLAB_ENGINES: SqlLabEngine[] = ENGINE_SUITE_FIXTURES.map((fixture) => {
  const serverUrl = fixture.envVar ? process.env[fixture.envVar] || undefined : undefined;
  const available = !fixture.envVar || serverUrl !== undefined;
  return {
    fixture,
    name: fixture.name,
    serverUrl,
    available,
    title: (suite) =>
      suiteTitle(`${suite} on ${fixture.name}`, available ? 'available' : undefined, fixture.envVar ?? ''),
  };
});

export interface RegisteredDatabase {
  id: number;
  name: string;
}

export class EngineDatabases {
  /** The SQL Lab database: async runs allowed, DML not. */
  db!: RegisteredDatabase;
  /** A second connection to the same data with DML, CTAS and CVAS allowed. */
  dml!: RegisteredDatabase;
  /** The data's connection string, for more databases on the same data. */
  uri!: string;
  /** A table of n = 1…30, label 'n<n>', day 2024-01-<n>. */
  nums!: string;
  /** A direct connection for probes (server engines only). */
  probe: EngineConnection | null = null;
  drop: () => Promise<void> = async () => undefined;
  readonly created: string[] = [];
  private readonly tag = randomBytes(2).toString('hex');

  constructor(readonly engine: SqlLabEngine) {}

  quote(identifier: string): string {
    return engineByName(this.engine.name).dialect.quoteIdentifier(identifier);
  }

  /** A unique name for an object a test creates, dropped after the suite. */
  name(base: string): string {
    const name = `nz_${base}_${this.tag}_${suffix}`;
    this.created.push(name);
    return name;
  }

  /** The same, quoted. */
  table(base: string): string {
    return this.quote(this.name(base));
  }

  /** What CREATE TABLE needs after its columns (ClickHouse: a table engine), as users of the engine write it. */
  get tableOptions(): string {
    return this.engine.name === 'clickhouse' ? ' ENGINE = Memory' : '';
  }

  get label(): string {
    return `${this.engine.name}-${this.tag}-${suffix}`;
  }
}

export function newClientId(): string {
  return randomBytes(9).toString('base64url').slice(0, 11);
}

export function rison(value: unknown): string {
  return encodeURIComponent(encodeRison(value));
}

export async function registerDatabase(
  admin: Session,
  payload: Record<string, unknown> & { database_name: string; sqlalchemy_uri: string },
): Promise<RegisteredDatabase> {
  const response = await admin.request({ method: 'POST', url: '/api/v1/database/', payload });
  expect(response.statusCode, response.body).toBe(201);
  return { id: response.json().id as number, name: payload.database_name };
}

export interface ExecuteCall {
  clientId: string;
  response: LightMyRequestResponse;
  status: number;
  /** The JSON answer, typed as light-my-request types it. */
  json: LightMyRequestResponse['json'];
}

export async function execute(session: Session, body: Record<string, unknown>): Promise<ExecuteCall> {
  const clientId = typeof body.client_id === 'string' ? body.client_id : newClientId();
  const response = await session.request({
    method: 'POST',
    url: '/api/v1/sqllab/execute/',
    payload: { client_id: clientId, ...body },
  });
  return { clientId, response, status: response.statusCode, json: () => response.json() };
}

/** Runs SQL that must succeed (fixture DDL and the like). */
export async function run(session: Session, databaseId: number, sql: string): Promise<ExecuteCall> {
  const call = await execute(session, { database_id: databaseId, sql, runAsync: false });
  expect(call.status, `${sql}\n${call.response.body.slice(0, 500)}`).toBe(200);
  return call;
}

/** Runs SQL that must succeed, then waits for the results key written after the answer: the record is final. */
export async function runSettled(session: Session, databaseId: number, sql: string): Promise<ExecuteCall> {
  const call = await run(session, databaseId, sql);
  const record = await waitFor(
    async () => (await session.request({ method: 'GET', url: `/api/v1/query/${call.json().query_id}` })).json().result,
    (r) => typeof r?.resultsKey === 'string',
  );
  expect(record.resultsKey, 'results key of a sync run').toEqual(expect.any(String));
  return call;
}

/** A run's record found by its client id through the history API (the caller must see it). */
export async function recordByClientId(session: Session, clientId: string) {
  const q = rison({ filters: [{ col: 'client_id', opr: 'eq', value: clientId }] });
  const response = await session.request({ method: 'GET', url: `/api/v1/query/?q=${q}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result[0] as Record<string, unknown> | undefined;
}

export async function healthy(session: Session): Promise<number> {
  return (await session.request({ method: 'GET', url: '/health' })).statusCode;
}

export async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * A user who may run SQL on the given databases only: the sql_lab role plus a role granting
 * database_access on each, and optionally further [permission, view] pairs (all_query_access).
 */
export async function createSqlLabUser(
  t: TestApp,
  username: string,
  databases: RegisteredDatabase[],
  extra: Array<[string, string]> = [],
): Promise<Session> {
  const sqlLab = await findRoleByName(t.ctx.store.db, 'sql_lab');
  const roleId = await createRole(t.ctx.store.db, `${username}-access`);
  const pairs: number[] = [];
  for (const database of databases) {
    pairs.push(await ensurePermissionView(t.ctx.store.db, 'database_access', `[${database.name}].(id:${database.id})`));
  }
  for (const [permission, view] of extra) pairs.push(await ensurePermissionView(t.ctx.store.db, permission, view));
  await setRolePermissions(t.ctx.store.db, roleId, pairs);
  const password = `${username}-password-1`;
  await createUser(t.ctx.store.db, {
    username,
    first_name: username,
    last_name: 'User',
    email: `${username}@example.com`,
    active: true,
    roleIds: [sqlLab?.id ?? 0, roleId],
    passwordHash: await hashPassword(password),
  });
  return t.login(username, password);
}

/** The URI of an engine's test data: a file under the test home, a throwaway PostgreSQL database, MySQL's URL. */
async function engineUri(engine: SqlLabEngine, label: string): Promise<{ uri: string; drop: () => Promise<void> }> {
  switch (engine.name) {
    case 'duckdb':
      return { uri: dataUri('duckdb', `sqllab-${label}.duckdb`), drop: async () => undefined };
    case 'sqlite':
      return { uri: dataUri('sqlite', `sqllab-${label}.db`), drop: async () => undefined };
    case 'postgresql': {
      const temp = await createTempPostgresDatabase(engine.serverUrl as string);
      return { uri: temp.url, drop: () => temp.drop() };
    }
    case 'mysql':
      return { uri: engine.serverUrl as string, drop: async () => undefined };
    case 'clickhouse': {
      // A database of the suite's own on the shared server, dropped with everything in it.
      const server = await engineByName('clickhouse').connect({ uri: engine.serverUrl as string, baseDir: '.' });
      const database = `nz_sqllab_${label.replaceAll('-', '_')}`;
      await server.execute(`CREATE DATABASE ${database}`);
      const drop = async () => {
        await server.execute(`DROP DATABASE IF EXISTS ${database}`).finally(() => server.close());
      };
      return { uri: variant(engine.serverUrl as string, { database }), drop };
    }
  }
}

/**
 * Registers the engine's databases and fixture tables before the describe's tests and removes them after.
 * The returned object is filled in by beforeAll. `fixtureTables: false` skips the `nums` table, for apps whose
 * SQL Lab timeout is too short for DDL on a busy machine.
 */
export function useEngineDatabases(
  app: () => TestApp,
  admin: () => Session,
  engine: SqlLabEngine,
  options: { fixtureTables?: boolean } = {},
): EngineDatabases {
  const state = new EngineDatabases(engine);

  beforeAll(async () => {
    const { uri, drop } = await engineUri(engine, state.label);
    state.drop = drop;
    state.uri = uri;
    const base = { sqlalchemy_uri: uri, allow_run_async: true, expose_in_sqllab: true };
    state.db = await registerDatabase(admin(), { ...base, database_name: state.label });
    state.dml = await registerDatabase(admin(), {
      ...base,
      database_name: `dml-${state.label}`,
      allow_dml: true,
      allow_ctas: true,
      allow_cvas: true,
    });
    if (engine.serverUrl) state.probe = await engineByName(engine.name).connect({ uri, baseDir: app().home });
    state.nums = state.table('nums');
    if (options.fixtureTables === false) return;
    const values = Array.from({ length: 30 }, (_, i) => {
      const n = i + 1;
      return `(${n}, 'n${n}', '2024-01-${String(n).padStart(2, '0')}')`;
    });
    // ClickHouse 18.16 knows no VARCHAR(n) and needs a table engine.
    const columns =
      engine.name === 'clickhouse'
        ? '(n Int32, label String, day Date) ENGINE = Memory'
        : '(n INTEGER, label VARCHAR(20), day DATE)';
    await run(admin(), state.dml.id, `CREATE TABLE ${state.nums} ${columns}`);
    await run(admin(), state.dml.id, `INSERT INTO ${state.nums} (n, label, day) VALUES ${values.join(', ')}`);
  });

  afterAll(async () => {
    for (const name of [...state.created].reverse()) {
      for (const kind of ['VIEW', 'TABLE']) {
        await state.probe?.execute(`DROP ${kind} IF EXISTS ${state.quote(name)}`).catch(() => undefined);
      }
    }
    await state.probe?.close();
    for (const database of [state.db, state.dml]) if (database) await app().ctx.connections.evict(database.id);
    await state.drop();
  });

  return state;
}
