// Checks the custom SQL rule: every known way to reach another relation is refused, ordinary expressions pass.
import { SUB_QUERY_MESSAGE } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import {
  customSqlProblem,
  INVALID_TEXT_MESSAGE,
  MULTIPLE_STATEMENTS_MESSAGE,
  UNBALANCED_MESSAGE,
  UNTERMINATED_MESSAGE,
} from './custom-sql-guard.js';

const ENGINES: EngineName[] = ['duckdb', 'sqlite', 'postgresql', 'mysql'];

/** Fragments that read another relation, a catalog, a file, or run a query given as text. */
export const SUB_QUERY_BYPASSES: string[] = [
  '(SELECT max(id) FROM ab_user)',
  'id IN (SELECT id FROM other_table)',
  '(FROM flights SELECT count(*))',
  'x IN (FROM other)',
  "(SELECT * FROM query_table('other'))",
  "query_table('other') IS NOT NULL",
  "len(query('SELECT * FROM other')) > 0",
  '(SELECT count(*) FROM duckdb_tables())',
  'array_length(duckdb_columns()) > 0',
  "read_csv('/etc/passwd') IS NULL",
  "read_text('secret_key') IS NULL",
  "glob('*') IS NULL",
  'pg_catalog.pg_user IS NULL',
  "pg_catalog.current_setting('data_directory') IS NULL",
  "information_schema.tables.table_name = 'x'",
  'generate_series(1, 10) > 0',
  'mysql.user.password IS NULL',
  'sqlite_master.sql IS NULL',
  "pragma_table_info('ab_user') IS NULL",
  '1 IN sqlite_master',
  'x UNION SELECT 1',
  'x INTERSECT SELECT 1',
  'x EXCEPT SELECT 1',
  'EXISTS (SELECT 1)',
  'x IN (VALUES (1), (2))',
  'WITH t AS (SELECT 1) SELECT * FROM t',
  'x IN (TABLE other)',
  "query_to_xml('select * from ab_user', true, true, '') IS NOT NULL",
  "load_file('/etc/passwd') IS NOT NULL",
  "nextval('some_seq') > 0",
  'a JOIN b ON true',
  'x IN (SELECT 1) -- comment',
  '/* c */ (SELECT 1)',
];

export const LEGITIMATE: string[] = [
  'EXTRACT(YEAR FROM ds)',
  'SUBSTRING(name FROM 1 FOR 2)',
  "TRIM(BOTH ' ' FROM name)",
  "POSITION('a' IN name)",
  "OVERLAY(name PLACING 'x' FROM 1 FOR 1)",
  'a IS DISTINCT FROM b',
  'a IS NOT DISTINCT FROM b',
  "CASE WHEN num > 10 THEN 'big' ELSE 'small' END",
  'CAST(num AS DOUBLE PRECISION)',
  'CAST(ds AS TIMESTAMP WITH TIME ZONE) IS NOT NULL',
  'COUNT(DISTINCT name)',
  'SUM(num) OVER (PARTITION BY name ORDER BY ds ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)',
  "name = 'select * from t'",
  'num > 1 -- select * from ab_user',
  'num > 1 /* union select */',
  'COUNT(*) FILTER (WHERE num > 1)',
  "name IN ('a', 'b')",
  't.num + 1',
  '"select" + 1',
  "replace(name, 'a', 'b')",
  'COALESCE(num, 0) * 2',
];

describe('customSqlProblem', () => {
  for (const engine of ENGINES) {
    it.each(SUB_QUERY_BYPASSES)(`refuses %j as a sub-query on ${engine}`, (sql) => {
      expect(customSqlProblem(sql, engine)).toEqual({ kind: 'sub_query', message: SUB_QUERY_MESSAGE });
    });
    it.each(LEGITIMATE)(`accepts %j on ${engine}`, (sql) => {
      expect(customSqlProblem(sql, engine)).toBeNull();
    });
  }

  it('refuses PostgreSQL dollar-quoted tricks and MySQL executable comments by their tokens', () => {
    expect(customSqlProblem("$$'$$ || password || $$'$$", 'postgresql', ['password'])?.kind).toBe('sensitive');
    expect(customSqlProblem('1 /*!50000 + (SELECT 1) */', 'mysql')?.kind).toBe('sub_query');
    // A string on PostgreSQL holding words is only a string.
    expect(customSqlProblem('$$ select * from t $$ IS NOT NULL', 'postgresql')).toBeNull();
  });

  it('refuses quoted catalog names in each dialect', () => {
    expect(customSqlProblem('"information_schema"."tables" IS NULL', 'postgresql')?.kind).toBe('sub_query');
    expect(customSqlProblem('`information_schema`.`tables` IS NULL', 'mysql')?.kind).toBe('sub_query');
    expect(customSqlProblem('[sqlite_master].sql IS NULL', 'sqlite')?.kind).toBe('sub_query');
    expect(customSqlProblem('"read_csv"(\'x\') IS NULL', 'duckdb')?.kind).toBe('sub_query');
  });

  it('names a sensitive column, quoted or not, before any other problem', () => {
    expect(customSqlProblem('SUM("Secret")', 'duckdb', ['secret'])).toEqual({
      kind: 'sensitive',
      message: 'Custom SQL cannot contain sensitive column "secret"',
    });
    expect(customSqlProblem('(SELECT secret FROM t', 'duckdb', ['secret'])?.kind).toBe('sensitive');
    expect(customSqlProblem("'secret' = name", 'duckdb', ['secret'])).toBeNull();
    // MySQL under ANSI_QUOTES reads "secret" as the column.
    expect(customSqlProblem('"secret" > 3', 'mysql', ['secret'])?.kind).toBe('sensitive');
  });

  it('reads a ClickHouse name with backslash escapes as the server does', () => {
    // ClickHouse reads "s\ecret" and `\x73ecret` as secret.
    expect(customSqlProblem('SUM("s\\ecret")', 'clickhouse', ['secret'])?.kind).toBe('sensitive');
    expect(customSqlProblem('SUM(`\\x73ecret`)', 'clickhouse', ['secret'])?.kind).toBe('sensitive');
    expect(customSqlProblem('SUM("s\\ecret")', 'postgresql', ['secret'])).toBeNull();
    // "a\"" is one name; the sub-query after it is code to ClickHouse, and is refused.
    expect(customSqlProblem('"a\\"" + (SELECT max(x) FROM other) + "', 'clickhouse')?.kind).toBe('sub_query');
  });

  it('refuses fragments that would not stay one expression', () => {
    expect(customSqlProblem('1; 2', 'postgresql')?.message).toBe(MULTIPLE_STATEMENTS_MESSAGE);
    expect(customSqlProblem('COUNT(*); DROP TABLE t', 'postgresql')?.message).toBe(MULTIPLE_STATEMENTS_MESSAGE);
    expect(customSqlProblem('1) OR (1', 'postgresql')?.message).toBe(UNBALANCED_MESSAGE);
    expect(customSqlProblem("name = 'open", 'postgresql')?.message).toBe(UNTERMINATED_MESSAGE);
    expect(customSqlProblem('num\u0000', 'duckdb')?.message).toBe(INVALID_TEXT_MESSAGE);
    expect(customSqlProblem('num = \ud800', 'duckdb')?.message).toBe(INVALID_TEXT_MESSAGE);
    expect(customSqlProblem("name = '😀'", 'duckdb')).toBeNull();
  });
});
