// DuckDB keeps a few connections between statements: what one statement does to its connection (search path, temp
// tables, an unfinished or stopped read) is never seen by the next one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engineByName } from '../../src/engines/registry.js';
import type { EngineConnection } from '../../src/engines/types.js';

const workDir = mkdtempSync(path.join(tmpdir(), 'nezha-duckdb-connections-'));
let db: EngineConnection;

beforeAll(async () => {
  db = await engineByName('duckdb').connect({ uri: 'duckdb:///kept.duckdb', baseDir: workDir });
  await db.execute('CREATE SCHEMA other');
  await db.execute('CREATE TABLE other.numbers AS SELECT range AS n FROM range(5000)');
});

afterAll(async () => {
  await db.close();
  rmSync(workDir, { recursive: true, force: true });
});

const currentSchema = async () => (await db.execute('SELECT current_schema() AS s')).rows[0]?.[0];

describe('duckdb connections kept between statements', () => {
  it('a search path set by a statement ends with it', async () => {
    expect(await currentSchema()).toBe('main');
    await db.execute("SET schema = 'other'");
    expect(await currentSchema()).toBe('main');
    // Several statements in one text: the SELECT sees the SET before it, the next text does not.
    expect((await db.execute("SET schema = 'other'; SELECT current_schema()")).rows).toEqual([['other']]);
    expect(await currentSchema()).toBe('main');
    // A schema asked by the caller applies to that statement only.
    expect((await db.execute('SELECT count(*) FROM numbers', { schema: 'other' })).rows).toEqual([[5000]]);
    expect(await currentSchema()).toBe('main');
  });

  it('a temporary table lives no longer than its statement', async () => {
    await db.execute('CREATE TEMP TABLE scratch AS SELECT 42 AS answer');
    await expect(db.execute('SELECT answer FROM scratch')).rejects.toThrow(/scratch/);
  });

  it('a capped read and a stopped query leave the next statement its full answer', async () => {
    const capped = await db.execute('SELECT n FROM other.numbers ORDER BY n', { maxRows: 3 });
    expect(capped.rows).toEqual([[0], [1], [2]]);
    expect(capped.truncated).toBe(true);
    const stopped = new AbortController();
    stopped.abort();
    await expect(db.execute('SELECT n FROM other.numbers', { signal: stopped.signal })).rejects.toThrow();
    const sums = await Promise.all(
      Array.from({ length: 6 }, (_, index) =>
        db.execute('SELECT sum(n) FROM other.numbers WHERE n >= ?', { params: [index * 1000] }),
      ),
    );
    // Sum of index*1000 … 4999, as DuckDB counts it and as arithmetic does.
    expect(sums.map((result) => Number(result.rows[0]?.[0] ?? 0))).toEqual(
      Array.from({ length: 6 }, (_, index) => {
        const from = index * 1000;
        return from > 4999 ? 0 : ((4999 + from) * (5000 - from)) / 2;
      }),
    );
  });
});
