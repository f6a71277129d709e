// Checks statement kinds, the mutation guard (CTEs, SELECT INTO, EXPLAIN ANALYZE, DuckDB file access) and CTAS/CVAS rules.
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import {
  classifyStatement,
  describeStatement,
  isLastStatementSelect,
  isMutating,
  isSingleSelect,
  type StatementKind,
} from './classify.js';

describe('classifyStatement', () => {
  it.each<[string, StatementKind, EngineName]>([
    ['SELECT 1', 'select', 'postgresql'],
    ['  -- note\n/* c */ select * from t', 'select', 'postgresql'],
    ['(SELECT 1) UNION (SELECT 2)', 'select', 'postgresql'],
    ['WITH x AS (SELECT 1) SELECT * FROM x', 'select', 'postgresql'],
    ['WITH RECURSIVE t(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM t) SELECT n FROM t', 'select', 'postgresql'],
    ['VALUES (1), (2)', 'select', 'postgresql'],
    ['TABLE t', 'select', 'postgresql'],
    ['SHOW TABLES', 'select', 'mysql'],
    ['DESCRIBE t', 'select', 'duckdb'],
    ['DESC t', 'select', 'mysql'],
    ['EXPLAIN SELECT 1', 'select', 'postgresql'],
    ['PRAGMA table_info(t)', 'select', 'sqlite'],
    ['FROM t', 'select', 'duckdb'],
    ['FROM t SELECT a WHERE b > 1', 'select', 'duckdb'],
    ['SUMMARIZE t', 'select', 'duckdb'],
    ['INSERT INTO t VALUES (1)', 'dml', 'postgresql'],
    ['update t set a = 1', 'dml', 'postgresql'],
    ['DELETE FROM t', 'dml', 'sqlite'],
    ['MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN DELETE', 'dml', 'postgresql'],
    ['REPLACE INTO t VALUES (1)', 'dml', 'mysql'],
    ["COPY t TO 'out.csv'", 'dml', 'duckdb'],
    ["LOAD DATA INFILE 'x' INTO TABLE t", 'dml', 'mysql'],
    ['WITH x AS (SELECT 1) INSERT INTO t SELECT * FROM x', 'dml', 'postgresql'],
    ['CREATE TABLE t (a int)', 'ddl', 'postgresql'],
    ['DROP VIEW v', 'ddl', 'duckdb'],
    ['ALTER TABLE t ADD COLUMN b int', 'ddl', 'mysql'],
    ['TRUNCATE t', 'ddl', 'postgresql'],
    ['RENAME TABLE a TO b', 'ddl', 'mysql'],
    ['GRANT SELECT ON t TO u', 'ddl', 'postgresql'],
    ['REVOKE SELECT ON t FROM u', 'ddl', 'postgresql'],
    ["COMMENT ON TABLE t IS 'x'", 'ddl', 'postgresql'],
    ['SET search_path TO s', 'other', 'postgresql'],
    ['USE db', 'other', 'mysql'],
    ['BEGIN', 'other', 'postgresql'],
    ['COMMIT', 'other', 'sqlite'],
    ["ATTACH 'x.db' AS x", 'other', 'duckdb'],
    ['DETACH x', 'other', 'duckdb'],
    ['INSTALL httpfs', 'other', 'duckdb'],
    ['LOAD httpfs', 'other', 'duckdb'],
    ['VACUUM', 'other', 'sqlite'],
    ['ANALYZE t', 'other', 'postgresql'],
    ['PRAGMA journal_mode = WAL', 'other', 'sqlite'],
  ])('%j is %s on %s', (sql, kind, engine) => {
    expect(classifyStatement(sql, engine)).toBe(kind);
  });

  it('reports the main keyword of a WITH statement', () => {
    expect(describeStatement('WITH d AS (SELECT 1) DELETE FROM t', 'postgresql').keyword).toBe('DELETE');
  });

  it('does not take a CTE named like a keyword for the main statement', () => {
    expect(classifyStatement('WITH "update" AS (SELECT 1), x AS (SELECT 2) SELECT * FROM x', 'postgresql')).toBe(
      'select',
    );
  });

  it.each([
    'WITH update AS (SELECT 1) SELECT * FROM update',
    'WITH delete(a) AS MATERIALIZED (SELECT 1) SELECT a FROM delete',
    'WITH x AS (SELECT 1) SELECT (1) AS a, (2) AS b FROM x',
    'WITH RECURSIVE t(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM t) SEARCH DEPTH FIRST BY id SET ord SELECT * FROM t',
  ])('finds the main SELECT of %j', (sql) => {
    expect(describeStatement(sql, 'postgresql')).toEqual({
      kind: 'select',
      keyword: 'SELECT',
      isQuery: true,
      mutating: false,
      known: true,
    });
  });

  it('treats a WITH clause without a main statement as unknown, hence mutating', () => {
    expect(describeStatement('WITH x AS (SELECT 1)', 'postgresql')).toMatchObject({ kind: 'other', mutating: true });
  });

  it('treats a keyword inside a string or quoted identifier as data', () => {
    expect(classifyStatement("SELECT 'DELETE FROM t'", 'postgresql')).toBe('select');
    expect(isMutating('SELECT "drop" FROM t', 'postgresql')).toBe(false);
  });
});

describe('isMutating', () => {
  it.each<[string, EngineName]>([
    ['INSERT INTO t VALUES (1)', 'postgresql'],
    ['CREATE TABLE t AS SELECT 1', 'duckdb'],
    ['WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'postgresql'],
    ['WITH u AS (UPDATE t SET a = 1 RETURNING *) SELECT count(*) FROM u', 'postgresql'],
    ['WITH i AS (INSERT INTO t VALUES (1) RETURNING id) SELECT id FROM i', 'postgresql'],
    ['SELECT * INTO new_table FROM t', 'postgresql'],
    ["SELECT * FROM t INTO OUTFILE '/tmp/x'", 'mysql'],
    ["COPY (SELECT 1) TO 'out.parquet'", 'duckdb'],
    ["EXPORT DATABASE 'dir'", 'duckdb'],
    ["IMPORT DATABASE 'dir'", 'duckdb'],
    ["ATTACH 'other.duckdb' AS o", 'duckdb'],
    ['INSTALL httpfs', 'duckdb'],
    ['FORCE INSTALL httpfs', 'duckdb'],
    ['LOAD spatial', 'duckdb'],
    ['CALL dbgen(sf = 1)', 'duckdb'],
    ['SET GLOBAL enable_external_access = true', 'duckdb'],
    ["SET memory_limit = '1GB'", 'duckdb'],
    ['SET GLOBAL max_connections = 1', 'mysql'],
    ['SET @@global.read_only = 0', 'mysql'],
    ['RESET MASTER', 'mysql'],
    ['EXPLAIN ANALYZE DELETE FROM t', 'postgresql'],
    ['EXPLAIN (ANALYZE, BUFFERS) UPDATE t SET a = 1', 'postgresql'],
    ['DO $$ BEGIN DELETE FROM t; END $$', 'postgresql'],
    ['PRAGMA writable_schema = ON', 'sqlite'],
    ['PRAGMA user_version(5)', 'sqlite'],
    ['PRAGMA enable_profiling', 'duckdb'],
    ['VACUUM INTO "backup.db"', 'sqlite'],
    ['SOMETHING_UNKNOWN x', 'postgresql'],
    ['CHECKPOINT', 'duckdb'],
    ['FORCE CHECKPOINT', 'duckdb'],
    ['CHECKPOINT', 'postgresql'],
    ['USE other_db', 'mysql'],
    ['USE memory', 'duckdb'],
    ['ANALYZE t', 'postgresql'],
    ['ANALYZE', 'sqlite'],
    ["NOTIFY channel, 'x'", 'postgresql'],
    ['SET ROLE postgres', 'postgresql'],
    ['SET SESSION AUTHORIZATION postgres', 'postgresql'],
    ['SELECT 1 /*!50000 , (DELETE FROM t) */', 'mysql'],
  ])('%j may change something on %s', (sql, engine) => {
    expect(isMutating(sql, engine)).toBe(true);
  });

  it.each<[string, EngineName]>([
    ['SELECT 1', 'postgresql'],
    ["SELECT replace(a, 'x', 'y'), insert('abc', 1, 1, 'z') FROM t", 'mysql'],
    ['SELECT (replace(a, b, c)) FROM t', 'postgresql'],
    ['SELECT truncate(1.5, 0)', 'mysql'],
    ['SELECT created_at, update_count FROM t FOR UPDATE', 'postgresql'],
    ['WITH x AS (SELECT 1) SELECT * FROM x', 'duckdb'],
    ['EXPLAIN DELETE FROM t', 'postgresql'],
    ['EXPLAIN ANALYZE SELECT 1', 'postgresql'],
    ['EXPLAIN QUERY PLAN DELETE FROM t', 'sqlite'],
    ['SHOW TABLES', 'mysql'],
    ['PRAGMA table_info(t)', 'sqlite'],
    ['PRAGMA main.index_list(t)', 'sqlite'],
    ['PRAGMA user_version', 'sqlite'],
    ['SET search_path TO s', 'postgresql'],
    ["SET SESSION sql_mode = ''", 'mysql'],
    ['BEGIN', 'postgresql'],
    ['ROLLBACK', 'duckdb'],
    ['FROM t', 'duckdb'],
    ['-- only a comment', 'postgresql'],
  ])('%j changes nothing on %s', (sql, engine) => {
    expect(isMutating(sql, engine)).toBe(false);
  });

  it('looks at every statement of a script', () => {
    expect(isMutating('SELECT 1; DROP TABLE t', 'sqlite')).toBe(true);
    expect(isMutating('SELECT 1; SELECT 2', 'sqlite')).toBe(false);
  });

  it('catches DML hidden after a semicolon inside parentheses', () => {
    expect(isMutating('SELECT (1; DELETE FROM t', 'postgresql')).toBe(true);
  });
});

describe('isSingleSelect (CVAS) and isLastStatementSelect (CTAS)', () => {
  it('accepts one query, with or without a trailing semicolon and comments', () => {
    expect(isSingleSelect('SELECT 1; -- done', 'postgresql')).toBe(true);
    expect(isSingleSelect('WITH x AS (SELECT 1) SELECT * FROM x', 'postgresql')).toBe(true);
    expect(isSingleSelect('SELECT 1 UNION ALL SELECT 2', 'duckdb')).toBe(true);
    expect(isSingleSelect('FROM t', 'duckdb')).toBe(true);
  });

  it('refuses several statements for CVAS but accepts them for CTAS when the last is a query', () => {
    const script = 'SET search_path TO s; SELECT 1';
    expect(isSingleSelect(script, 'postgresql')).toBe(false);
    expect(isLastStatementSelect(script, 'postgresql')).toBe(true);
  });

  it('refuses scripts whose last statement is not a query', () => {
    expect(isLastStatementSelect('SELECT 1; DELETE FROM t', 'postgresql')).toBe(false);
    expect(isLastStatementSelect('SHOW TABLES', 'mysql')).toBe(false);
    expect(isLastStatementSelect('SELECT * INTO x FROM t', 'postgresql')).toBe(false);
    expect(isLastStatementSelect('WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d', 'postgresql')).toBe(false);
    expect(isLastStatementSelect('', 'postgresql')).toBe(false);
  });
});

describe('known statement keywords', () => {
  const ENGINES: EngineName[] = ['duckdb', 'sqlite', 'postgresql', 'mysql'];

  it.each(ENGINES)('a typo in the first word is unknown and mutating on %s', (engine) => {
    for (const sql of ['SELEC * FROM t', 'selct 1', '(SELEC 1)', '/* c */ SELEC 1', 'foo', '* FROM t', '1']) {
      expect(describeStatement(sql, engine), sql).toMatchObject({ known: false, mutating: true, isQuery: false });
    }
  });

  it.each(ENGINES)('statement keywords are known on %s, read or not', (engine) => {
    for (const sql of ['SELECT 1', 'with x as (select 1) select * from x', 'SHOW TABLES', 'EXPLAIN SELECT 1']) {
      expect(describeStatement(sql, engine), sql).toMatchObject({ known: true, mutating: false });
    }
    for (const sql of ['DELETE FROM t', 'VACUUM', 'ATTACH x', 'CALL p()', 'USE other', 'COPY t TO x']) {
      expect(describeStatement(sql, engine), sql).toMatchObject({ known: true, mutating: true });
    }
  });

  it('an empty statement is known and reads nothing', () => {
    expect(describeStatement('-- only a comment', 'postgresql')).toMatchObject({ known: true, mutating: false });
  });
});
