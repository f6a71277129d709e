// Checks CREATE TABLE/VIEW AS SELECT building and Superset's CTAS/CVAS rules and messages.
import { describe, expect, it } from 'vitest';
import { isNezhaError, type NezhaError } from '../errors/nezha-error.js';
import { buildCtas, INVALID_CTAS_MESSAGE, INVALID_CVAS_MESSAGE } from './ctas.js';

function failure(run: () => unknown): NezhaError {
  try {
    run();
  } catch (error) {
    if (isNezhaError(error)) return error;
    throw error;
  }
  throw new Error('expected a NezhaError');
}

describe('buildCtas', () => {
  it('wraps a query in CREATE TABLE with a quoted schema and table', () => {
    expect(
      buildCtas({
        select: 'SELECT * FROM t;',
        targetTable: 'tmp',
        targetSchema: 'scratch',
        method: 'TABLE',
        engine: 'postgresql',
      }),
    ).toBe('CREATE TABLE "scratch"."tmp" AS SELECT * FROM t');
  });

  it('wraps a query in CREATE VIEW', () => {
    expect(buildCtas({ select: 'SELECT 1 AS a', targetTable: 'v', method: 'VIEW', engine: 'duckdb' })).toBe(
      'CREATE VIEW "v" AS SELECT 1 AS a',
    );
  });

  it('quotes with backticks on MySQL and doubles quote characters in names', () => {
    expect(
      buildCtas({ select: 'SELECT 1', targetTable: 'a`b', targetSchema: 'db', method: 'TABLE', engine: 'mysql' }),
    ).toBe('CREATE TABLE `db`.`a``b` AS SELECT 1');
    expect(buildCtas({ select: 'SELECT 1', targetTable: 'a"b', method: 'TABLE', engine: 'sqlite' })).toBe(
      'CREATE TABLE "a""b" AS SELECT 1',
    );
  });

  it('gives a ClickHouse table the engine its folder asks for, and no engine to a view', () => {
    expect(buildCtas({ select: 'SELECT 1 AS a', targetTable: 't', method: 'TABLE', engine: 'clickhouse' })).toBe(
      'CREATE TABLE "t" ENGINE = MergeTree ORDER BY tuple() AS SELECT 1 AS a',
    );
    expect(buildCtas({ select: 'SELECT 1 AS a', targetTable: 'v', method: 'VIEW', engine: 'clickhouse' })).toBe(
      'CREATE VIEW "v" AS SELECT 1 AS a',
    );
  });

  it('doubles backslashes in ClickHouse names, so a target ending in one cannot run SQL of its own', () => {
    const target = 'x\\" ENGINE = Memory AS SELECT 42 AS v --';
    const sql = buildCtas({ select: 'SELECT 1 AS a', targetTable: target, method: 'TABLE', engine: 'clickhouse' });
    expect(sql).toBe(
      'CREATE TABLE "x\\\\"" ENGINE = Memory AS SELECT 42 AS v --" ENGINE = MergeTree ORDER BY tuple() AS SELECT 1 AS a',
    );
  });

  it('keeps earlier statements of a CTAS script and wraps only the last', () => {
    const select = 'SET search_path TO s; -- setup\nSELECT * FROM t -- final';
    expect(buildCtas({ select, targetTable: 'tmp', method: 'TABLE', engine: 'postgresql' })).toBe(
      'SET search_path TO s;\nCREATE TABLE "tmp" AS -- setup\nSELECT * FROM t',
    );
  });

  it('accepts WITH queries, unions and DuckDB FROM-first queries', () => {
    expect(
      buildCtas({
        select: 'WITH x AS (SELECT 1) SELECT * FROM x',
        targetTable: 't',
        method: 'VIEW',
        engine: 'postgresql',
      }),
    ).toBe('CREATE VIEW "t" AS WITH x AS (SELECT 1) SELECT * FROM x');
    expect(buildCtas({ select: 'FROM t', targetTable: 'c', method: 'TABLE', engine: 'duckdb' })).toBe(
      'CREATE TABLE "c" AS FROM t',
    );
    expect(buildCtas({ select: 'SELECT 1 UNION SELECT 2', targetTable: 'u', method: 'TABLE', engine: 'sqlite' })).toBe(
      'CREATE TABLE "u" AS SELECT 1 UNION SELECT 2',
    );
  });

  it.each([
    'SELECT 1; DELETE FROM t',
    'INSERT INTO t VALUES (1)',
    'SHOW TABLES',
    'SELECT * INTO x FROM t',
    '-- nothing',
  ])('refuses CTAS of %j with Superset’s message', (select) => {
    const error = failure(() => buildCtas({ select, targetTable: 'tmp', method: 'TABLE', engine: 'mysql' }));
    expect(error.type).toBe('INVALID_CTAS_QUERY_ERROR');
    expect(error.status).toBe(400);
    expect(error.message).toBe(INVALID_CTAS_MESSAGE);
  });

  it('refuses CVAS of a script with more than one statement, even when the last is a query', () => {
    const error = failure(() =>
      buildCtas({ select: 'SET search_path TO s; SELECT 1', targetTable: 'v', method: 'VIEW', engine: 'postgresql' }),
    );
    expect(error.type).toBe('INVALID_CVAS_QUERY_ERROR');
    expect(error.status).toBe(400);
    expect(error.message).toBe(INVALID_CVAS_MESSAGE);
  });

  it('uses Superset’s wording', () => {
    expect(INVALID_CTAS_MESSAGE).toBe(
      'CTAS (create table as select) can only be run with a query where the last statement is a SELECT. Please make sure your query has a SELECT as its last statement. Then, try running your query again.',
    );
    expect(INVALID_CVAS_MESSAGE).toBe(
      'CVAS (create view as select) can only be run with a query with a single SELECT statement. Please make sure your query has only a SELECT statement. Then, try running your query again.',
    );
  });

  it('refuses an empty target name', () => {
    expect(
      failure(() => buildCtas({ select: 'SELECT 1', targetTable: ' ', method: 'VIEW', engine: 'duckdb' })).type,
    ).toBe('INVALID_CVAS_QUERY_ERROR');
  });
});
