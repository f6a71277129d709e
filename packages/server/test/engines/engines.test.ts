// One table-driven harness: the same behaviour checked on DuckDB, SQLite, PostgreSQL, MySQL/MariaDB and ClickHouse.
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyTimeGrain } from '../../src/engines/base.js';
import { QueryCancelledError } from '../../src/engines/errors.js';
import { engineByName } from '../../src/engines/registry.js';
import type { ConnectSpec, EngineConnection } from '../../src/engines/types.js';
import { parseUri } from '../../src/engines/uri.js';
import { NezhaError } from '../../src/errors/nezha-error.js';
import { suiteTitle } from '../support/services.js';
import { ENGINE_SUITE_FIXTURES, GRAIN_CASES, normaliseTimestamp, variant } from './engine-fixtures.js';

const suffix = randomBytes(4).toString('hex');
const name = (base: string) => `nz_${base}_${suffix}`;
const workDir = mkdtempSync(path.join(tmpdir(), 'nezha-engines-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** The rejection of `promise`, which must reject. */
async function rejection(promise: Promise<unknown>): Promise<NezhaError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(NezhaError);
    return error as NezhaError;
  }
  throw new Error('expected a rejection');
}

for (const fixture of ENGINE_SUITE_FIXTURES) {
  const engine = engineByName(fixture.name);
  const serverUri = fixture.envVar ? process.env[fixture.envVar] : undefined;
  const fileUri = fixture.envVar
    ? undefined
    : `${fixture.name}:///nz-${suffix}.${fixture.name === 'duckdb' ? 'duckdb' : 'db'}`;
  const uri = serverUri ?? fileUri;
  const title = suiteTitle(`engine ${fixture.name}`, uri, fixture.envVar ?? '');
  const spec = (extra?: Record<string, unknown>): ConnectSpec => ({ uri: uri ?? '', baseDir: workDir, extra });
  const q = engine.dialect.quoteIdentifier;
  const p = (index: number) => engine.dialect.placeholder(index);

  describe.skipIf(!uri)(title, () => {
    let db: EngineConnection;
    const created: Array<['TABLE' | 'VIEW', string]> = [];
    const create = async (kind: 'TABLE' | 'VIEW', object: string, body: string) => {
      await db.execute(`CREATE ${kind} ${q(object)} ${body}`);
      created.unshift([kind, object]);
    };
    const nums = name('nums');

    beforeAll(async () => {
      db = await engine.connect(spec());
      await create('TABLE', nums, `(n INTEGER)${fixture.tableSuffix}`);
      await db.execute(`INSERT INTO ${q(nums)} (n) VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)`);
    });

    afterAll(async () => {
      for (const [kind, object] of created)
        await db?.execute(`DROP ${kind} IF EXISTS ${q(object)}`).catch(() => undefined);
      await db?.close();
    });

    it('reads back every common type exactly, with generic types', async () => {
      const table = name('types');
      const { double, text, timestamp, blob, boolean = 'BOOLEAN', nullableInteger = 'INTEGER' } = fixture.types;
      await create(
        'TABLE',
        table,
        `(i INTEGER, b BIGINT, d DECIMAL(10,2), f ${double}, t ${text}, bo ${boolean}, dt DATE, ts ${timestamp}, n ${nullableInteger}, bl ${blob})${fixture.tableSuffix}`,
      );
      const unicode = 'héllo wörld ✓ 你好 🎉';
      const values = [42, 9007199254740993n, 12.5, 1.25, unicode, true, '2024-02-29', '2024-02-29 13:14:15', null];
      await db.execute(
        `INSERT INTO ${q(table)} VALUES (${values.map((_, index) => p(index + 1)).join(', ')}, ${p(values.length + 1)})`,
        { params: [...values, Buffer.from([0xca, 0xfe])] },
      );
      await db.execute(`INSERT INTO ${q(table)} (i, b) VALUES (2, 7)`);
      const result = await db.execute(`SELECT * FROM ${q(table)} ORDER BY i DESC`);
      const expected = {
        i: [42, 'numeric'],
        b: ['9007199254740993', 'numeric'],
        d: [12.5, 'numeric'],
        f: [1.25, 'numeric'],
        t: [unicode, 'string'],
        bo: [true, 'boolean'],
        dt: ['2024-02-29', 'temporal'],
        ts: ['2024-02-29T13:14:15', 'temporal'],
        n: [null, 'numeric'],
        bl: ['cafe', 'string'],
        ...fixture.typeOverrides,
      };
      expect(result.columns.map((column) => column.name)).toEqual(Object.keys(expected));
      expect(
        Object.fromEntries(
          result.columns.map((column, index) => [column.name, [result.rows[0]?.[index], column.genericType]]),
        ),
      ).toEqual(expected);
      expect(result.rows[1]?.slice(0, 2)).toEqual([2, 7]);
      expect(JSON.parse(JSON.stringify(result.rows))).toEqual(result.rows);
    });

    it("binds parameters in the engine's placeholder style", async () => {
      const result = await db.execute(`SELECT n FROM ${q(nums)} WHERE n > ${p(1)} AND n < ${p(2)} ORDER BY n`, {
        params: [3, 6],
      });
      expect(result.rows).toEqual([[4], [5]]);
    });

    it('binds parameters in a statement longer than a URL may be', async () => {
      // ClickHouse's HTTP interface refuses a URL past 16 KB: the statement must travel in the body.
      const list = Array.from({ length: 5000 }, (_, index) => index + 100).join(', ');
      const result = await db.execute(`SELECT n FROM ${q(nums)} WHERE n NOT IN (${list}) AND n > ${p(1)} ORDER BY n`, {
        params: [8],
      });
      expect(result.rows).toEqual([[9], [10]]);
    });

    it('stops at maxRows and says whether rows were left', async () => {
      const sql = `SELECT n FROM ${q(nums)} ORDER BY n`;
      const capped = await db.execute(sql, { maxRows: 3 });
      expect(capped).toMatchObject({ rows: [[1], [2], [3]], truncated: true });
      expect(await db.execute(sql, { maxRows: 10 })).toMatchObject({ truncated: false });
      expect((await db.execute(sql, { maxRows: 10 })).rows).toHaveLength(10);
      expect(await db.execute(sql, { maxRows: 11 })).toMatchObject({ truncated: false });
      // The connection is still usable after a read was cut short.
      expect((await db.execute(`SELECT count(*) FROM ${q(nums)}`)).rows).toEqual([[10]]);
    });

    const { lazyFailure, schemaDdl } = fixture;
    // ClickHouse has no foreign keys or indexes: its introspection is checked by the test after this one.
    const relational = fixture.relationalKeys !== false;
    if (lazyFailure) {
      it('never computes the rows past maxRows', async () => {
        const capped = await db.execute(lazyFailure, { maxRows: 3 });
        expect(capped).toMatchObject({ rows: [[1], [2], [3]], truncated: true });
        // The same rows read in full do fail: the cap, not luck, kept the failing rows unread.
        await expect(db.execute(`SELECT max(i) FROM (${lazyFailure}) AS lazy_rows`)).rejects.toThrow();
      });
    }

    it('reports a failure half-way through a result instead of the rows before it', async () => {
      const sql = fixture.failingRead.sql(q(nums));
      for (const maxRows of [undefined, 350_000]) {
        const error = await rejection(db.execute(sql, { maxRows }));
        expect(error.message).toContain(fixture.failingRead.message);
      }
      const streamed = (async () => {
        for await (const _ of db.stream(sql, { batchSize: 50_000 })) {
          // Reading on until the failure.
        }
      })();
      await expect(streamed).rejects.toBeInstanceOf(NezhaError);
      expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
    });

    it('streams batches of the asked size, each with the columns', async () => {
      const batches: Array<{ names: string[]; rows: unknown[][] }> = [];
      for await (const batch of db.stream(`SELECT n FROM ${q(nums)} ORDER BY n`, { batchSize: 4 })) {
        batches.push({ names: batch.columns.map((column) => column.name), rows: batch.rows });
      }
      expect(batches.map((batch) => batch.rows.length)).toEqual([4, 4, 2]);
      expect(batches.every((batch) => batch.names.join() === 'n')).toBe(true);
      expect(batches.flatMap((batch) => batch.rows)).toEqual(Array.from({ length: 10 }, (_, index) => [index + 1]));
    });

    it('lets a reader leave a stream early and keeps the connection usable', async () => {
      for (let round = 0; round < 3; round += 1) {
        for await (const batch of db.stream(`SELECT n FROM ${q(nums)} ORDER BY n`, { batchSize: 2 })) {
          expect(batch.rows).toEqual([[1], [2]]);
          break;
        }
      }
      expect((await db.execute(`SELECT max(n) FROM ${q(nums)}`)).rows).toEqual([[10]]);
    });

    it.skipIf(!relational)('introspects schemas, tables, views, keys, indexes and selectStar', async () => {
      const parent = name('parent');
      const child = name('child');
      const view = name('view');
      const index = name('idx');
      await create(
        'TABLE',
        parent,
        `(id INTEGER PRIMARY KEY, ${q('Mixed Case Name')} VARCHAR(50) DEFAULT 'new')${fixture.tableSuffix}`,
      );
      await create(
        'TABLE',
        child,
        `(id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL, amount DECIMAL(10,2), FOREIGN KEY (parent_id) REFERENCES ${q(parent)} (id))${fixture.tableSuffix}`,
      );
      await db.execute(`CREATE INDEX ${q(index)} ON ${q(child)} (parent_id, amount)`);
      await create('VIEW', view, `AS SELECT id FROM ${q(parent)}`);

      const schema = db.defaultSchema ?? '';
      expect(schema).toBe(engine.dialect.defaultSchema ?? parseUri(uri ?? '').database);
      expect(await db.listSchemas()).toContain(schema);
      expect(await db.listTables(schema)).toEqual(
        expect.arrayContaining([
          { name: parent, type: 'table' },
          { name: child, type: 'table' },
          { name: view, type: 'view' },
        ]),
      );

      const meta = await db.tableMetadata(child, schema);
      expect(meta).toMatchObject({ name: child, schema, type: 'table' });
      expect(meta.columns.map((column) => [column.name, column.nullable, column.genericType])).toEqual([
        ['id', false, 'numeric'],
        ['parent_id', false, 'numeric'],
        ['amount', true, 'numeric'],
      ]);
      expect(meta.primaryKey?.column_names).toEqual(['id']);
      expect(meta.foreignKeys).toEqual([
        expect.objectContaining({ column_names: ['parent_id'], referred_table: parent, referred_columns: ['id'] }),
      ]);
      expect(meta.indexes).toEqual(
        expect.arrayContaining([{ name: index, unique: false, column_names: ['parent_id', 'amount'] }]),
      );
      const keyTypes = (column: string) =>
        meta.columns.find((item) => item.name === column)?.keys.map((key) => key.type);
      expect(keyTypes('id')).toContain('pk');
      expect(keyTypes('parent_id')).toEqual(expect.arrayContaining(['fk', 'index']));

      const parentMeta = await db.tableMetadata(parent, schema);
      expect(parentMeta.selectStar).toBe(
        `SELECT ${q('id')},\n       ${q('Mixed Case Name')}\nFROM ${q(schema)}.${q(parent)}\nLIMIT 100`,
      );
      expect(parentMeta.columns[1]?.default).toContain('new');
      expect((await db.tableMetadata(view, schema)).type).toBe('view');
      expect(await db.tableExtraMetadata(child, schema)).toEqual({});
      expect((await rejection(db.tableMetadata(name('missing'), schema))).type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
    });

    if (!relational) {
      it('introspects schemas, tables, views, columns, the primary key and selectStar', async () => {
        const parent = name('parent');
        const view = name('view');
        await create(
          'TABLE',
          parent,
          `(id INTEGER, ${q('Mixed Case Name')} String DEFAULT 'new', amount Nullable(DECIMAL(10,2))) ENGINE = MergeTree ORDER BY id`,
        );
        await create('VIEW', view, `AS SELECT id FROM ${q(parent)}`);
        const schema = db.defaultSchema ?? '';
        expect(schema).toBe(parseUri(uri ?? '').database);
        expect(await db.listSchemas()).toContain(schema);
        expect(await db.listTables(schema)).toEqual(
          expect.arrayContaining([
            { name: parent, type: 'table' },
            { name: view, type: 'view' },
          ]),
        );
        const meta = await db.tableMetadata(parent, schema);
        expect(meta).toMatchObject({ name: parent, schema, type: 'table', foreignKeys: [], indexes: [] });
        expect(meta.columns.map((column) => [column.name, column.nullable, column.genericType])).toEqual([
          ['id', false, 'numeric'],
          ['Mixed Case Name', false, 'string'],
          ['amount', true, 'numeric'],
        ]);
        expect(meta.primaryKey?.column_names).toEqual(['id']);
        expect(meta.columns[0]?.keys.map((key) => key.type)).toEqual(['pk']);
        expect(meta.selectStar).toBe(
          `SELECT ${q('id')},\n       ${q('Mixed Case Name')},\n       ${q('amount')}\nFROM ${q(schema)}.${q(parent)}\nLIMIT 100`,
        );
        expect(meta.columns[1]?.default).toContain('new');
        expect((await db.tableMetadata(view, schema)).type).toBe('view');
        expect((await rejection(db.tableMetadata(name('missing'), schema))).type).toBe('TABLE_DOES_NOT_EXIST_ERROR');
      });
    }

    if (schemaDdl) {
      it('runs a query in the schema it is given, and only that query', async () => {
        const schema = name('schema');
        const table = name('in_schema');
        // One pooled connection, so the query after proves the schema was reset on it, not dodged by another.
        const single = await engine.connect({ ...spec(), poolSize: 1 });
        await single.execute(schemaDdl.create(schema));
        try {
          await single.execute(`CREATE TABLE ${q(schema)}.${q(table)} (v INTEGER)${fixture.tableSuffix}`);
          await single.execute(`INSERT INTO ${q(schema)}.${q(table)} (v) VALUES (5)`);
          expect((await single.execute(`SELECT v FROM ${q(table)}`, { schema })).rows).toEqual([[5]]);
          expect(await single.listSchemas()).toContain(schema);
          expect(await single.listTables(schema)).toEqual([{ name: table, type: 'table' }]);
          expect((await single.tableMetadata(table, schema)).selectStar).toContain(`FROM ${q(schema)}.${q(table)}`);
          expect((await rejection(single.execute(`SELECT v FROM ${q(table)}`))).type).toBe(
            'TABLE_DOES_NOT_EXIST_ERROR',
          );
          expect((await single.execute(`SELECT count(*) FROM ${q(nums)}`)).rows).toEqual([[10]]);
        } finally {
          await single.execute(schemaDdl.drop(schema));
          await single.close();
        }
      });
    }

    it.skipIf(fixture.estimates === false)('estimates the cost of a query with at least one figure', async () => {
      const estimate = await db.estimate(`SELECT * FROM ${q(nums)} WHERE n > 3`);
      expect(estimate.length).toBeGreaterThan(0);
      const figure = estimate[0]?.[fixture.estimateKey];
      expect(typeof figure === 'number' ? Number.isFinite(figure) : typeof figure === 'string' && figure !== '').toBe(
        true,
      );
    });

    if (fixture.estimates === false) {
      it('says plainly that it cannot estimate a cost', async () => {
        const error = await rejection(db.estimate(`SELECT * FROM ${q(nums)} WHERE n > 3`));
        expect(error).toMatchObject({ type: 'GENERIC_DB_ENGINE_ERROR', status: 400 });
        expect(error.message).toContain('EXPLAIN');
      });
    }

    it('truncates timestamps to every time grain', async () => {
      const table = name('grains');
      await create('TABLE', table, `(k INTEGER, ts ${fixture.types.timestamp})${fixture.tableSuffix}`);
      await db.execute(`INSERT INTO ${q(table)} VALUES (1, '2024-05-15 13:47:29'), (2, '2024-05-19 08:00:00')`);
      const week =
        fixture.weekStartsOn === 'monday'
          ? ['2024-05-13T00:00:00', '2024-05-13T00:00:00']
          : ['2024-05-12T00:00:00', '2024-05-19T00:00:00'];
      const cases: Array<[string, string, string?]> = [...GRAIN_CASES, ['P1W', week[0] ?? '', week[1]]];
      const select = cases.map(([grain], at) => `${applyTimeGrain(engine.dialect, grain, 'ts')} AS g${at}`).join(', ');
      const { rows } = await db.execute(`SELECT ${select} FROM ${q(table)} ORDER BY k`);
      const actual = cases.map(([grain], at) => [
        grain,
        normaliseTimestamp(rows[0]?.[at]),
        normaliseTimestamp(rows[1]?.[at]),
      ]);
      const wanted = cases.map(([grain, wednesday, sunday], at) => [
        grain,
        wednesday,
        sunday ?? normaliseTimestamp(rows[1]?.[at]),
      ]);
      expect(actual).toEqual(wanted);
    });

    it('writes literals the engine reads back', async () => {
      const d = engine.dialect;
      const { rows } = await db.execute(
        `SELECT ${d.booleanLiteral(true)}, ${d.dateLiteral('2024-01-02')}, ${d.timestampLiteral('2024-01-02T03:04:05Z')}, ${d.quoteString("it's \\ ok")}`,
      );
      expect(rows[0]?.[0] === true || rows[0]?.[0] === 1).toBe(true);
      expect(normaliseTimestamp(rows[0]?.[1])).toBe('2024-01-02T00:00:00');
      expect(normaliseTimestamp(rows[0]?.[2])).toBe('2024-01-02T03:04:05');
      expect(rows[0]?.[3]).toBe("it's \\ ok");
    });

    it('stops a running query in the database within a second of the abort', async () => {
      const marker = name('cancel');
      const controller = new AbortController();
      const running = db.execute(fixture.longQuery(marker), { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      const abortedAt = Date.now();
      controller.abort();
      await expect(running).rejects.toBeInstanceOf(QueryCancelledError);
      expect(Date.now() - abortedAt).toBeLessThan(1000);
      if (fixture.runningCount) expect(await fixture.runningCount(db, marker)).toBe(0);
      expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
    });

    it('refuses a query whose signal is already aborted, without running it', async () => {
      const controller = new AbortController();
      controller.abort();
      const insert = db.execute(`INSERT INTO ${q(nums)} (n) VALUES (999)`, { signal: controller.signal });
      await expect(insert).rejects.toBeInstanceOf(QueryCancelledError);
      expect((await db.execute(`SELECT count(*) FROM ${q(nums)} WHERE n = 999`)).rows).toEqual([[0]]);
    });

    it('stops a stream in the database when its signal aborts', async () => {
      const controller = new AbortController();
      const reading = (async () => {
        for await (const _ of db.stream(fixture.longQuery(name('stream_cancel')), { signal: controller.signal })) {
          // The long query yields nothing before it ends.
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      await expect(reading).rejects.toBeInstanceOf(QueryCancelledError);
      expect((await db.execute('SELECT 1')).rows).toEqual([[1]]);
    });

    it.each([
      ['a syntax error', () => 'SELEC 1', 'SYNTAX_ERROR', 'SELEC'],
      ['a missing table', () => `SELECT * FROM ${name('missing')}`, 'TABLE_DOES_NOT_EXIST_ERROR', name('missing')],
      ['a missing column', () => `SELECT nz_nope FROM ${q(nums)}`, 'COLUMN_DOES_NOT_EXIST_ERROR', 'nz_nope'],
      ['a missing schema', () => fixture.missingSchema(suffix), 'SCHEMA_DOES_NOT_EXIST_ERROR', `nz_noschema_${suffix}`],
    ])('maps %s to its catalogue type, keeping the driver text', async (_, sql, type, mentioned) => {
      const error = await rejection(db.execute(sql()));
      expect(error.type).toBe(type);
      expect(error.status).toBe(400);
      expect(error.message).toContain(mentioned);
      expect(error.message).toContain(String(error.extra?.driver_message));
    });

    it('lets the process exit once closed', async () => {
      const script = fileURLToPath(new URL('./close-and-exit.mts', import.meta.url));
      const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
      const outcome = await new Promise<{ code: number | null; output: string }>((resolve) => {
        const child = execFile(
          process.execPath,
          // A file engine gets its own file: DuckDB locks a file to one process.
          [
            '--import',
            tsx,
            script,
            fixture.envVar ? (uri ?? '') : `${fixture.name}:///nz-exit-${fixture.name}-${suffix}.db`,
            workDir,
          ],
          { timeout: 20_000, killSignal: 'SIGKILL' },
          (error, stdout, stderr) =>
            resolve({ code: error ? ((error.code as number | null) ?? null) : 0, output: stdout + stderr }),
        );
        child.stdin?.end();
      });
      expect(outcome).toMatchObject({ code: 0 });
      expect(outcome.output).toContain('closed');
    });

    if (fixture.envVar) {
      it.each([
        [
          'a closed port',
          { host: '127.0.0.1', port: 1 },
          'CONNECTION_PORT_CLOSED_ERROR',
          'Port 1 on hostname "127.0.0.1" refused the connection.',
        ],
        [
          'an unresolvable host',
          { host: 'nonexistent.invalid' },
          'CONNECTION_INVALID_HOSTNAME_ERROR',
          'The hostname "nonexistent.invalid" cannot be resolved.',
        ],
        [
          'an unknown database',
          { database: name('nodb') },
          'CONNECTION_UNKNOWN_DATABASE_ERROR',
          `Unable to connect to database "${name('nodb')}".`,
        ],
      ])('maps %s to %s', async (_, change, type, message) => {
        const connection = await engine.connect({ ...spec(), uri: variant(uri ?? '', change) });
        try {
          const error = await rejection(connection.ping());
          expect(error.type).toBe(type);
          expect(error.message.split('\n')[0]).toBe(message);
          expect(error.status).toBe(422);
        } finally {
          await connection.close();
        }
      });

      it('gives up on a server that never answers after connect_timeout', async () => {
        const sockets: Socket[] = [];
        const silent: Server = createServer((socket) => sockets.push(socket));
        await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
        const port = (silent.address() as { port: number }).port;
        const connection = await engine.connect({
          ...spec({ engine_params: { connect_args: { connect_timeout: 1 } } }),
          uri: variant(uri ?? '', { host: '127.0.0.1', port }),
        });
        try {
          const error = await rejection(connection.ping());
          expect(error.type).toBe('CONNECTION_HOST_DOWN_ERROR');
          expect(error.message.split('\n')[0]).toBe(
            `The host "127.0.0.1" might be down, and can't be reached on port ${port}.`,
          );
        } finally {
          await connection.close();
          for (const socket of sockets) socket.destroy();
          silent.close();
        }
      });

      it('maps a refused login to its catalogue type', async () => {
        const login = await fixture.badLogin?.(db, uri ?? '', suffix);
        expect(login).toBeDefined();
        if (!login) return;
        try {
          const connection = await engine.connect({ ...spec(), uri: login.uri });
          try {
            const error = await rejection(connection.ping());
            expect(error.type).toBe(login.type);
            expect(error.message.split('\n')[0]).toBe(login.message);
          } finally {
            await connection.close();
          }
        } finally {
          await login.cleanup();
        }
      });

      it('asks for the missing host and database before connecting', async () => {
        const error = await rejection(engine.connect({ ...spec(), uri: `${parseUri(uri ?? '').scheme}://user@/` }));
        expect(error).toMatchObject({ type: 'CONNECTION_MISSING_PARAMETERS_ERROR', status: 400 });
        expect(error.extra?.missing).toEqual(['host', 'database']);
      });
    } else {
      it('explains a database file in a folder that does not exist', async () => {
        const folder = path.join(workDir, 'no-such-folder');
        const error = await rejection(engine.connect({ ...spec(), uri: `${fixture.name}:///${folder}/x.db` }));
        expect(error.type).toBe('CONNECTION_UNKNOWN_DATABASE_ERROR');
        expect(error.message).toContain(folder);
      });

      it('resolves a relative path under baseDir and shares the file between connections', async () => {
        const other = await engine.connect({
          ...spec(),
          uri: `${fixture.name}:///${path.join(workDir, parseUri(uri ?? '').database ?? '')}`,
        });
        try {
          expect((await other.execute(`SELECT count(*) FROM ${q(nums)}`)).rows).toEqual([[10]]);
        } finally {
          await other.close();
        }
        expect((await db.execute(`SELECT count(*) FROM ${q(nums)}`)).rows).toEqual([[10]]);
      });
    }
  });
}
