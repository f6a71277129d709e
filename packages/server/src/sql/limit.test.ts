// Checks LIMIT rewriting per engine and the limiting factor as Superset decides it.
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import {
  applyLimit,
  dropdownRowLimit,
  effectiveLimit,
  getQueryLimit,
  type LimitingFactor,
  limitingFactor,
  planRowLimit,
  showPlannedLimit,
} from './limit.js';

describe('applyLimit', () => {
  it('appends the limit to a query without one', () => {
    expect(applyLimit('SELECT * FROM t', 100, 'postgresql')).toEqual({
      sql: 'SELECT * FROM t LIMIT 100',
      queryLimit: null,
      appliedLimit: 100,
    });
  });

  it('lowers a larger numeric LIMIT to the limit and reports the original', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 5000', 100, 'duckdb')).toEqual({
      sql: 'SELECT * FROM t LIMIT 100',
      queryLimit: 5000,
      appliedLimit: 100,
    });
  });

  it('keeps a smaller numeric LIMIT as it is', () => {
    expect(applyLimit('select * from t limit 10', 100, 'sqlite')).toEqual({
      sql: 'select * from t limit 10',
      queryLimit: 10,
      appliedLimit: 10,
    });
  });

  it('writes the limit over a smaller LIMIT when forced', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 10', 11, 'postgresql', { force: true })).toEqual({
      sql: 'SELECT * FROM t LIMIT 11',
      queryLimit: 10,
      appliedLimit: 11,
    });
  });

  it('rewrites only the count of LIMIT n OFFSET m', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 500 OFFSET 20', 100, 'postgresql').sql).toBe(
      'SELECT * FROM t LIMIT 100 OFFSET 20',
    );
  });

  it('rewrites the count, not the offset, of MySQL LIMIT offset, count', () => {
    expect(applyLimit('SELECT * FROM t LIMIT 20, 500', 100, 'mysql')).toEqual({
      sql: 'SELECT * FROM t LIMIT 20, 100',
      queryLimit: 500,
      appliedLimit: 100,
    });
  });

  it('puts an appended LIMIT before an OFFSET without one', () => {
    expect(applyLimit('SELECT * FROM t OFFSET 5', 100, 'postgresql').sql).toBe('SELECT * FROM t LIMIT 100 OFFSET 5');
  });

  it('reports FETCH FIRST n ROWS ONLY, lowers it and adds no second limit', () => {
    expect(applyLimit('SELECT * FROM t ORDER BY a FETCH FIRST 500 ROWS ONLY', 100, 'postgresql')).toEqual({
      sql: 'SELECT * FROM t ORDER BY a FETCH FIRST 100 ROWS ONLY',
      queryLimit: 500,
      appliedLimit: 100,
    });
    expect(applyLimit('SELECT * FROM t FETCH NEXT 5 ROWS ONLY', 100, 'postgresql').sql).toBe(
      'SELECT * FROM t FETCH NEXT 5 ROWS ONLY',
    );
  });

  it('reads FETCH FIRST ROW ONLY as a limit of one', () => {
    expect(applyLimit('SELECT * FROM t FETCH FIRST ROW ONLY', 100, 'postgresql')).toEqual({
      sql: 'SELECT * FROM t FETCH FIRST ROW ONLY',
      queryLimit: 1,
      appliedLimit: 1,
    });
  });

  it.each([
    ['SELECT * FROM t LIMIT ALL', 'postgresql'],
    ['SELECT * FROM t LIMIT $1', 'postgresql'],
    ['SELECT * FROM t LIMIT ?', 'mysql'],
    ['SELECT * FROM t LIMIT 10 + 5', 'duckdb'],
    ['SELECT * FROM t LIMIT (SELECT n FROM c)', 'postgresql'],
    ['SELECT * FROM t LIMIT 10%', 'duckdb'],
    ['SELECT * FROM t LIMIT 10 PERCENT', 'duckdb'],
    ['SELECT * FROM t LIMIT -1', 'sqlite'],
    ['SELECT * FROM t FETCH FIRST $1 ROWS ONLY', 'postgresql'],
  ] as Array<[string, EngineName]>)('leaves %j as it is and appends nothing', (sql, engine) => {
    expect(applyLimit(sql, 100, engine)).toEqual({ sql, queryLimit: null, appliedLimit: null });
  });

  it('does not touch the LIMIT of a subquery and appends one to the outer query', () => {
    const sql = 'SELECT * FROM (SELECT * FROM t ORDER BY a LIMIT 5000) AS s WHERE a > (SELECT 1 LIMIT 1)';
    expect(applyLimit(sql, 100, 'postgresql')).toEqual({
      sql: `${sql} LIMIT 100`,
      queryLimit: null,
      appliedLimit: 100,
    });
  });

  it('does not touch the LIMIT of a CTE body', () => {
    const sql = 'WITH top AS (SELECT * FROM t LIMIT 5000) SELECT * FROM top LIMIT 300';
    expect(applyLimit(sql, 100, 'duckdb').sql).toBe(
      'WITH top AS (SELECT * FROM t LIMIT 5000) SELECT * FROM top LIMIT 100',
    );
  });

  it('limits a whole UNION, not its first branch', () => {
    expect(applyLimit('SELECT a FROM t UNION ALL SELECT a FROM u', 100, 'mysql').sql).toBe(
      'SELECT a FROM t UNION ALL SELECT a FROM u LIMIT 100',
    );
    expect(applyLimit('(SELECT a FROM t LIMIT 5) UNION (SELECT a FROM u LIMIT 7)', 100, 'postgresql').sql).toBe(
      '(SELECT a FROM t LIMIT 5) UNION (SELECT a FROM u LIMIT 7) LIMIT 100',
    );
    expect(applyLimit('SELECT a FROM t UNION SELECT a FROM u LIMIT 500', 100, 'sqlite')).toMatchObject({
      sql: 'SELECT a FROM t UNION SELECT a FROM u LIMIT 100',
      queryLimit: 500,
    });
  });

  it('puts the LIMIT before FOR UPDATE and MySQL LOCK IN SHARE MODE', () => {
    expect(applyLimit('SELECT * FROM t WHERE a = 1 FOR UPDATE', 100, 'postgresql').sql).toBe(
      'SELECT * FROM t WHERE a = 1 LIMIT 100 FOR UPDATE',
    );
    expect(applyLimit('SELECT * FROM t FOR NO KEY UPDATE SKIP LOCKED', 100, 'postgresql').sql).toBe(
      'SELECT * FROM t LIMIT 100 FOR NO KEY UPDATE SKIP LOCKED',
    );
    expect(applyLimit('SELECT * FROM t LOCK IN SHARE MODE', 100, 'mysql').sql).toBe(
      'SELECT * FROM t LIMIT 100 LOCK IN SHARE MODE',
    );
    expect(applyLimit('SELECT * FROM t LIMIT 500 FOR SHARE', 100, 'mysql').sql).toBe(
      'SELECT * FROM t LIMIT 100 FOR SHARE',
    );
  });

  it('appends before a trailing semicolon and trailing comments', () => {
    expect(applyLimit('SELECT 1 -- the answer\n;', 10, 'postgresql').sql).toBe('SELECT 1 LIMIT 10 -- the answer\n;');
    expect(applyLimit('SELECT 1 # why', 10, 'mysql').sql).toBe('SELECT 1 LIMIT 10 # why');
    expect(applyLimit('SELECT 1 /* c */', 10, 'sqlite').sql).toBe('SELECT 1 LIMIT 10 /* c */');
  });

  it('ignores LIMIT inside strings, comments and quoted identifiers', () => {
    const sql = `SELECT 'LIMIT 5', "limit" FROM t -- LIMIT 7`;
    expect(applyLimit(sql, 100, 'postgresql')).toEqual({
      sql: `SELECT 'LIMIT 5', "limit" FROM t LIMIT 100 -- LIMIT 7`,
      queryLimit: null,
      appliedLimit: 100,
    });
    expect(applyLimit('SELECT `limit` FROM t # LIMIT 3', 100, 'mysql').sql).toBe(
      'SELECT `limit` FROM t LIMIT 100 # LIMIT 3',
    );
  });

  it('reads MySQL backslash-escaped quotes so a LIMIT inside the string is not taken', () => {
    const sql = "SELECT 'it\\'s LIMIT 5' AS s FROM t";
    expect(applyLimit(sql, 100, 'mysql')).toEqual({ sql: `${sql} LIMIT 100`, queryLimit: null, appliedLimit: 100 });
  });

  it('appends before the final semicolon, not before one inside a string', () => {
    expect(applyLimit("SELECT ';' AS s FROM t;", 100, 'sqlite').sql).toBe("SELECT ';' AS s FROM t LIMIT 100;");
  });

  it('limits DuckDB FROM-first queries', () => {
    expect(applyLimit('FROM t', 100, 'duckdb').sql).toBe('FROM t LIMIT 100');
    expect(applyLimit('FROM t SELECT a LIMIT 1000', 100, 'duckdb').sql).toBe('FROM t SELECT a LIMIT 100');
  });

  it('limits VALUES and TABLE queries', () => {
    expect(applyLimit('VALUES (1), (2)', 100, 'postgresql').sql).toBe('VALUES (1), (2) LIMIT 100');
    expect(applyLimit('TABLE t', 100, 'postgresql').sql).toBe('TABLE t LIMIT 100');
  });

  it.each([
    ['SHOW TABLES', 'mysql'],
    ['DESCRIBE t', 'duckdb'],
    ['EXPLAIN SELECT * FROM t', 'postgresql'],
    ['PRAGMA table_info(t)', 'sqlite'],
    ['INSERT INTO t SELECT * FROM u', 'postgresql'],
    ['DELETE FROM t LIMIT 5', 'mysql'],
    ['SELECT * INTO x FROM t', 'postgresql'],
    ['CREATE TABLE x AS SELECT 1', 'duckdb'],
  ] as Array<[string, EngineName]>)('does not limit %j', (sql, engine) => {
    expect(applyLimit(sql, 100, engine)).toEqual({ sql, queryLimit: null, appliedLimit: null });
  });

  it('leaves a statement with an unterminated string alone rather than writing into the string', () => {
    expect(applyLimit("SELECT 'abc", 10, 'postgresql').sql).toBe("SELECT 'abc");
  });

  it('keeps PostgreSQL dollar-quoted text that contains LIMIT intact', () => {
    expect(applyLimit('SELECT $$ LIMIT 5 $$ AS s', 100, 'postgresql').sql).toBe('SELECT $$ LIMIT 5 $$ AS s LIMIT 100');
  });

  it('refuses a negative or fractional limit', () => {
    expect(() => applyLimit('SELECT 1', -1, 'duckdb')).toThrow(RangeError);
    expect(() => applyLimit('SELECT 1', 1.5, 'duckdb')).toThrow(RangeError);
  });
});

describe('getQueryLimit', () => {
  it.each([
    ['SELECT * FROM t LIMIT 10', 10],
    ['SELECT * FROM t LIMIT 10 OFFSET 3', 10],
    ['SELECT * FROM t LIMIT 3, 10', 10],
    ['SELECT * FROM t FETCH FIRST 7 ROWS ONLY', 7],
    ['SELECT * FROM (SELECT * FROM t LIMIT 10) s', null],
    ['SELECT * FROM t LIMIT ALL', null],
    ['SELECT * FROM t', null],
  ] as Array<[string, number | null]>)('reads %j as %j', (sql, expected) => {
    expect(getQueryLimit(sql, 'postgresql')).toBe(expected);
  });
});

describe('row limit settings', () => {
  it('uses the editor limit, else DEFAULT_SQLLAB_LIMIT, else SQL_MAX_ROW, capped by SQL_MAX_ROW', () => {
    expect(dropdownRowLimit({ dropdownLimit: 500, defaultLimit: 1000, sqlMaxRow: 100_000 })).toBe(500);
    expect(dropdownRowLimit({ dropdownLimit: null, defaultLimit: 1000, sqlMaxRow: 100_000 })).toBe(1000);
    expect(dropdownRowLimit({ dropdownLimit: 0, sqlMaxRow: 100_000 })).toBe(100_000);
    expect(dropdownRowLimit({ dropdownLimit: 500_000, defaultLimit: 1000, sqlMaxRow: 100_000 })).toBe(100_000);
  });

  it('takes the smallest of the query limit, the editor limit and SQL_MAX_ROW', () => {
    expect(effectiveLimit({ queryLimit: 10, dropdownLimit: 1000, sqlMaxRow: 100_000 })).toBe(10);
    expect(effectiveLimit({ queryLimit: 5000, dropdownLimit: 1000, sqlMaxRow: 100_000 })).toBe(1000);
    expect(effectiveLimit({ queryLimit: null, dropdownLimit: null, defaultLimit: 1000, sqlMaxRow: 500 })).toBe(500);
  });
});

describe('limitingFactor', () => {
  // Superset's own cases (tests/integration_tests/sqllab_tests.py) with 1200 rows in the table.
  it.each<[number | null, number, number, LimitingFactor]>([
    [10, 11, 11, 'QUERY'],
    [11, 10, 11, 'DROPDOWN'],
    [10, 10, 11, 'QUERY_AND_DROPDOWN'],
    [null, 10_000, 1200, 'NOT_LIMITED'],
    [null, 1200, 1200, 'NOT_LIMITED'],
    [null, 1000, 1001, 'DROPDOWN'],
    [5000, 1000, 1001, 'DROPDOWN'],
    [10, 1000, 10, 'NOT_LIMITED'],
  ])('query LIMIT %j, editor limit %j, %j rows fetched → %s', (queryLimit, dropdownLimit, rowsReturned, factor) => {
    expect(limitingFactor({ queryLimit, dropdownLimit, sqlMaxRow: 100_000, rowsReturned })).toBe(factor);
  });

  it('blames the editor when SQL_MAX_ROW caps its limit', () => {
    expect(limitingFactor({ queryLimit: null, dropdownLimit: 5000, sqlMaxRow: 100, rowsReturned: 101 })).toBe(
      'DROPDOWN',
    );
    expect(limitingFactor({ queryLimit: 100, dropdownLimit: 5000, sqlMaxRow: 100, rowsReturned: 101 })).toBe(
      'QUERY_AND_DROPDOWN',
    );
  });
});

describe('planRowLimit', () => {
  const settings = { dropdownLimit: 1000, defaultLimit: 1000, sqlMaxRow: 100_000 };

  it('asks for one row more than the editor limit', () => {
    expect(planRowLimit('SELECT * FROM t', 'postgresql', settings)).toEqual({
      sql: 'SELECT * FROM t LIMIT 1001',
      queryLimit: null,
      limit: 1000,
      fetchLimit: 1001,
      displaySql: 'SELECT * FROM t LIMIT 1000',
    });
  });

  it("raises the query's own smaller LIMIT by one so a cut can be told", () => {
    const plan = planRowLimit('SELECT * FROM t LIMIT 10', 'postgresql', settings);
    expect(plan).toEqual({
      sql: 'SELECT * FROM t LIMIT 11',
      queryLimit: 10,
      limit: 10,
      fetchLimit: 11,
      displaySql: 'SELECT * FROM t LIMIT 10',
    });
    expect(limitingFactor({ ...settings, queryLimit: plan.queryLimit, rowsReturned: 11 })).toBe('QUERY');
    expect(limitingFactor({ ...settings, queryLimit: plan.queryLimit, rowsReturned: 7 })).toBe('NOT_LIMITED');
  });

  it('keeps SHOW as it is but still caps the rows read', () => {
    expect(planRowLimit('SHOW TABLES', 'mysql', settings)).toEqual({
      sql: 'SHOW TABLES',
      queryLimit: null,
      limit: 1000,
      fetchLimit: 1001,
      displaySql: 'SHOW TABLES',
    });
  });
});

describe('showPlannedLimit', () => {
  const settings = { dropdownLimit: 1000, defaultLimit: 1000, sqlMaxRow: 100_000 };

  it("puts the user's LIMIT back where an engine quotes the statement run", () => {
    const plan = planRowLimit('SELECT x FROM t LIMIT 10', 'duckdb', settings);
    const error = 'Binder Error: column "x" not found\n\nLINE 1: SELECT x FROM t LIMIT 11\n               ^';
    expect(showPlannedLimit(error, plan, 'duckdb')).toBe(
      'Binder Error: column "x" not found\n\nLINE 1: SELECT x FROM t LIMIT 10\n               ^',
    );
    const mysql = planRowLimit('SELECT * FROM t WHERE LIMIT 10', 'mysql', settings);
    expect(showPlannedLimit("near 'LIMIT 11' at line 1", mysql, 'mysql')).toBe("near 'LIMIT 10' at line 1");
  });

  it('shows the limit written for the user when the statement had none', () => {
    const plan = planRowLimit('SELECT x FROM t', 'postgresql', settings);
    expect(showPlannedLimit('… FROM t LIMIT 1001', plan, 'postgresql')).toBe('… FROM t LIMIT 1000');
  });

  it('leaves other numbers and other LIMITs alone', () => {
    const plan = planRowLimit('SELECT * FROM (SELECT 1 LIMIT 110) s LIMIT 10', 'postgresql', settings);
    expect(showPlannedLimit('near LIMIT 110 and LIMIT 11', plan, 'postgresql')).toBe('near LIMIT 110 and LIMIT 10');
    const show = planRowLimit('SHOW TABLES', 'mysql', settings);
    expect(showPlannedLimit('LIMIT 1001', show, 'mysql')).toBe('LIMIT 1001');
  });

  it('handles FETCH FIRST and MySQL offset, count', () => {
    const fetch = planRowLimit('SELECT * FROM t FETCH FIRST 5 ROWS ONLY', 'postgresql', settings);
    expect(showPlannedLimit('FETCH FIRST 6 ROWS', fetch, 'postgresql')).toBe('FETCH FIRST 5 ROWS');
    const offset = planRowLimit('SELECT * FROM t LIMIT 20, 5', 'mysql', settings);
    expect(offset.sql).toBe('SELECT * FROM t LIMIT 20, 6');
    expect(showPlannedLimit("near 'LIMIT 20, 6'", offset, 'mysql')).toBe("near 'LIMIT 20, 5'");
  });
});
