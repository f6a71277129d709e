// Dataset API suites: the engines they run on, a shared orders table, users with chosen grants, request helpers.

import { expect } from 'vitest';
import { hashPassword } from '../../src/security/passwords.js';
import { getDatabase } from '../../src/store/databases.js';
import { createRole, ensurePermissionView, findRoleByName, setRolePermissions } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { createTempPostgresDatabase } from './postgres-database.js';
import { POSTGRES_URL } from './services.js';
import { dataUri, type Session, type TestApp } from './test-app.js';

export interface EngineCase {
  name: string;
  /** Undefined when the suite cannot run here (no service URL). */
  url: string | undefined;
  variable: string;
  /** The table's schema as the engine names it. */
  schema: string;
  /** A metadata store URL (PostgreSQL runs store and data in one throwaway database) and the engine's URI. */
  open(): Promise<{ storeUrl?: string; uri: string; drop(): Promise<void> }>;
}

const none = async () => undefined;

export const ENGINE_CASES: EngineCase[] = [
  {
    name: 'DuckDB',
    url: 'embedded',
    variable: '',
    schema: 'main',
    open: async () => ({ uri: dataUri('duckdb', 'shop.duckdb'), drop: none }),
  },
  {
    name: 'SQLite',
    url: 'embedded',
    variable: '',
    schema: 'main',
    open: async () => ({ uri: dataUri('sqlite', 'shop.db'), drop: none }),
  },
  {
    name: 'PostgreSQL',
    url: POSTGRES_URL,
    variable: 'NEZHA_TEST_POSTGRES_URL',
    schema: 'public',
    async open() {
      const temp = await createTempPostgresDatabase(POSTGRES_URL as string);
      return { storeUrl: temp.url, uri: temp.url, drop: temp.drop };
    },
  },
];

/** Five orders; one customer name carries a quote, so a pasted value would break the SQL. */
export const ORDERS_DDL = [
  'CREATE TABLE orders (id INTEGER, customer VARCHAR(50), ssn VARCHAR(20), total NUMERIC(10,2), ordered_at TIMESTAMP)',
  `INSERT INTO orders VALUES
     (1, 'ann', '111-11-1111', 10.50, '2024-01-01 10:00:00'),
     (2, 'bob', '222-22-2222', 20.00, '2024-01-02 11:00:00'),
     (3, 'o''brien', '333-33-3333', 30.00, '2024-01-03 12:00:00'),
     (4, 'ann', '444-44-4444', 40.00, '2024-01-04 13:00:00'),
     (5, 'bob', '555-55-5555', 50.00, '2024-01-05 14:00:00')`,
];

/** Runs DDL or DML on a registered database through Nezha's own connection (DuckDB allows one opener). */
export async function runOn(t: TestApp, databaseId: number, statements: string[]): Promise<void> {
  const row = await getDatabase(t.ctx.store.db, databaseId);
  if (!row) throw new Error(`no database ${databaseId}`);
  const connection = await t.ctx.connections.forDatabase(row);
  for (const statement of statements) await connection.execute(statement);
}

export async function addDatabaseVia(admin: Session, name: string, uri: string): Promise<number> {
  const response = await admin.request({
    method: 'POST',
    url: '/api/v1/database/',
    payload: { database_name: name, sqlalchemy_uri: uri },
  });
  if (response.statusCode !== 201) throw new Error(`database ${name}: ${response.statusCode} ${response.body}`);
  return response.json().id as number;
}

/** A user with built-in roles plus, optionally, a role of their own holding extra [permission, view] pairs. */
export async function addUser(
  t: TestApp,
  username: string,
  roles: string[],
  extra: Array<[string, string]> = [],
): Promise<{ id: number; session: Session }> {
  const db = t.ctx.store.db;
  const roleIds: number[] = [];
  for (const name of roles) {
    const role = await findRoleByName(db, name);
    if (!role) throw new Error(`no role ${name}`);
    roleIds.push(role.id);
  }
  if (extra.length > 0) {
    const roleId = await createRole(db, `${username}_grants`);
    const pairs: number[] = [];
    for (const [permission, view] of extra) pairs.push(await ensurePermissionView(db, permission, view));
    await setRolePermissions(db, roleId, pairs);
    roleIds.push(roleId);
  }
  const password = `${username}-password`;
  const id = await createUser(db, {
    username,
    first_name: username,
    last_name: 'Tester',
    email: `${username}@example.com`,
    active: true,
    roleIds,
    passwordHash: await hashPassword(password),
  });
  return { id, session: await t.login(username, password) };
}

export interface ColumnJson {
  id: number;
  column_name: string;
  type: string | null;
  type_generic: number | null;
  is_dttm: boolean;
  verbose_name: string | null;
  expression: string | null;
  description: string | null;
  extra: string | null;
}

export const names = (columns: Array<{ column_name: string }>) => columns.map((c) => c.column_name).sort();

export async function create(session: Session, payload: Record<string, unknown>) {
  return session.request({ method: 'POST', url: '/api/v1/dataset/', payload });
}

export async function detail(session: Session, id: number) {
  const response = await session.request({ method: 'GET', url: `/api/v1/dataset/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { columns: ColumnJson[]; [key: string]: unknown };
}

export async function samples(session: Session, id: number, query: string, body: Record<string, unknown> = {}) {
  return session.request({
    method: 'POST',
    url: `/datasource/samples?force=false&datasource_type=table&datasource_id=${id}${query}`,
    payload: body,
  });
}
