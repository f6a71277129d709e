// The SQL Lab row-rule rewrite: every read of a ruled table is narrowed, CTEs and columns are left alone, and what
// the scan cannot follow is refused.
import { describe, expect, it } from 'vitest';
import type { EngineName } from '../engines/types.js';
import { applyRowRules, RowLevelRewriteError, tablesRead } from './row-level-rewrite.js';

const RULES = new Map([['sales', "region = 'east'"]]);
const N = `(SELECT * FROM sales WHERE (region = 'east'))`;
const rewrite = (sql: string, engine: EngineName = 'duckdb') => applyRowRules(sql, engine, RULES);

describe('applyRowRules', () => {
  it('narrows a bare reference under its own name', () => {
    expect(rewrite('SELECT * FROM sales')).toBe(`SELECT * FROM ${N} AS "sales"`);
    expect(rewrite('SELECT * FROM sales', 'mysql')).toBe(`SELECT * FROM ${N} AS \`sales\``);
  });

  it('narrows a ClickHouse name spelled with backslash escapes, as the server reads it', () => {
    // ClickHouse reads "sal\es" and `\x73ales` as sales.
    expect(rewrite('SELECT * FROM "sal\\es" x', 'clickhouse')).toBe(
      `SELECT * FROM (SELECT * FROM "sal\\es" WHERE (region = 'east')) AS x`,
    );
    expect(rewrite('SELECT * FROM `\\x73ales` x', 'clickhouse')).toContain("WHERE (region = 'east')");
  });

  it('keeps an alias, with or without AS', () => {
    expect(rewrite('SELECT s.region FROM sales AS s')).toBe(`SELECT s.region FROM ${N} AS s`);
    expect(rewrite('SELECT s.region FROM sales s WHERE s.amount > 1')).toBe(
      `SELECT s.region FROM ${N} AS s WHERE s.amount > 1`,
    );
  });

  it('narrows schema-qualified and quoted names per engine', () => {
    expect(rewrite('SELECT * FROM main."Sales" x')).toBe(
      `SELECT * FROM (SELECT * FROM main."Sales" WHERE (region = 'east')) AS x`,
    );
    expect(rewrite('SELECT * FROM `shop`.`sales`', 'mysql')).toBe(
      "SELECT * FROM (SELECT * FROM `shop`.`sales` WHERE (region = 'east')) AS `sales`",
    );
    expect(rewrite('SELECT * FROM [sales]', 'sqlite')).toBe(
      `SELECT * FROM (SELECT * FROM [sales] WHERE (region = 'east')) AS "sales"`,
    );
  });

  it('narrows joins, comma lists, nested joins and sub-queries', () => {
    expect(rewrite('SELECT * FROM stock JOIN sales ON stock.region = sales.region')).toBe(
      `SELECT * FROM stock JOIN ${N} AS "sales" ON stock.region = sales.region`,
    );
    expect(rewrite('SELECT * FROM stock, sales s')).toBe(`SELECT * FROM stock, ${N} AS s`);
    expect(rewrite('SELECT * FROM (stock LEFT JOIN sales USING (region))')).toBe(
      `SELECT * FROM (stock LEFT JOIN ${N} AS "sales" USING (region))`,
    );
    expect(rewrite('SELECT (SELECT count(*) FROM sales) AS n FROM stock WHERE x IN (SELECT x FROM sales)')).toBe(
      `SELECT (SELECT count(*) FROM ${N} AS "sales") AS n FROM stock WHERE x IN (SELECT x FROM ${N} AS "sales")`,
    );
    expect(rewrite('FROM sales SELECT region')).toBe(`FROM ${N} AS "sales" SELECT region`);
    expect(rewrite('TABLE sales')).toBe(`SELECT * FROM ${N} AS "sales"`);
    // SQLite reads a string there as the table; MySQL reads "sales" as a name under ANSI_QUOTES.
    expect(rewrite("SELECT * FROM 'sales'", 'sqlite')).toBe(
      `SELECT * FROM (SELECT * FROM 'sales' WHERE (region = 'east')) AS "sales"`,
    );
    expect(rewrite('SELECT * FROM "sales"', 'mysql')).toBe(
      'SELECT * FROM (SELECT * FROM "sales" WHERE (region = \'east\')) AS `sales`',
    );
    expect(rewrite('SELECT * FROM { OJ sales s LEFT JOIN stock k ON s.region = k.region }', 'mysql')).toBe(
      "SELECT * FROM { OJ (SELECT * FROM sales WHERE (region = 'east')) AS s LEFT JOIN stock k ON s.region = k.region }",
    );
  });

  it('leaves a CTE that shadows the table alone, but not the table read in its own body', () => {
    expect(rewrite('WITH sales AS (SELECT 1 AS x) SELECT * FROM sales')).toBe(
      'WITH sales AS (SELECT 1 AS x) SELECT * FROM sales',
    );
    expect(rewrite('WITH sales AS (SELECT * FROM sales) SELECT * FROM sales')).toBe(
      `WITH sales AS (SELECT * FROM ${N} AS "sales") SELECT * FROM sales`,
    );
    expect(rewrite('WITH RECURSIVE sales AS (SELECT * FROM sales) SELECT * FROM sales')).toBe(
      `WITH RECURSIVE sales AS (SELECT * FROM ${N} AS "sales") SELECT * FROM sales`,
    );
    expect(rewrite('WITH a AS (SELECT * FROM sales), b AS (SELECT * FROM a) SELECT * FROM b')).toBe(
      `WITH a AS (SELECT * FROM ${N} AS "sales"), b AS (SELECT * FROM a) SELECT * FROM b`,
    );
    // The CTE's scope is its query: a sibling sub-query reads the table.
    expect(rewrite('SELECT * FROM (WITH sales AS (SELECT 1) SELECT * FROM sales) q, sales')).toBe(
      `SELECT * FROM (WITH sales AS (SELECT 1) SELECT * FROM sales) q, ${N} AS "sales"`,
    );
    // PostgreSQL: a quoted CTE "Sales" is not the table sales.
    expect(rewrite('WITH "Sales" AS (SELECT 1) SELECT * FROM sales', 'postgresql')).toBe(
      `WITH "Sales" AS (SELECT 1) SELECT * FROM ${N} AS "sales"`,
    );
  });

  it('does not take columns, EXTRACT or IS DISTINCT FROM for tables', () => {
    const sql = 'SELECT sales, EXTRACT(YEAR FROM sales) FROM stock WHERE a IS DISTINCT FROM sales';
    expect(rewrite(sql)).toBe(sql);
    expect(rewrite('SELECT * FROM generate_series(1, 3) sales')).toBe('SELECT * FROM generate_series(1, 3) sales');
  });

  it('leaves everything alone without rules, and statements that name no ruled table', () => {
    expect(applyRowRules('DELETE FROM sales', 'duckdb', new Map())).toBe('DELETE FROM sales');
    expect(rewrite("SET search_path = 'x'", 'postgresql')).toBe("SET search_path = 'x'");
  });

  it('refuses what it cannot follow', () => {
    for (const sql of [
      'SELECT * FROM (sales',
      "SELECT * FROM sales WHERE x = 'open",
      "SELECT * FROM query_table('sales')",
      "SELECT query_to_xml('select * from sales', true, true, '')",
      'DELETE FROM sales',
      'CREATE TABLE copy AS SELECT * FROM sales',
      'SUMMARIZE sales',
      'PIVOT sales ON region USING sum(amount)',
      'PREPARE p AS SELECT 1',
      'WITH x AS SELECT 1 SELECT 2',
      "SELECT * FROM pg_stats WHERE tablename = 'sales'",
      "DELETE FROM 'sales'",
    ]) {
      expect(() => rewrite(sql, 'duckdb'), sql).toThrow(RowLevelRewriteError);
    }
    expect(() => rewrite('SELECT * FROM /*! sales */ s', 'mysql')).toThrow(RowLevelRewriteError);
  });
});

describe('tablesRead', () => {
  it('lists each stored table a query reads once, qualified as written', () => {
    expect(
      tablesRead(
        'WITH recent AS (SELECT * FROM main.births WHERE year > 2000) SELECT * FROM recent r JOIN states s ON r.state = s.code, births',
        'duckdb',
      ),
    ).toEqual([
      { table: 'births', schema: 'main', catalog: null },
      { table: 'states', schema: null, catalog: null },
      { table: 'births', schema: null, catalog: null },
    ]);
    expect(tablesRead('SELECT * FROM memory.main.births', 'duckdb')).toEqual([
      { table: 'births', schema: 'main', catalog: 'memory' },
    ]);
    expect(tablesRead('SELECT * FROM `sales` JOIN `sales` USING (id)', 'mysql')).toEqual([
      { table: 'sales', schema: null, catalog: null },
    ]);
  });

  it('leaves out table functions, subqueries and columns named like tables', () => {
    expect(tablesRead('SELECT births FROM generate_series(1, 3) g, (SELECT 1 AS births) b', 'postgresql')).toEqual([]);
    expect(
      tablesRead("SELECT EXTRACT(year FROM ds) FROM births WHERE name IS DISTINCT FROM 'x'", 'postgresql'),
    ).toEqual([{ table: 'births', schema: null, catalog: null }]);
  });

  it('reads nothing from a statement that is not a query or does not parse', () => {
    expect(tablesRead('DROP TABLE births', 'duckdb')).toEqual([]);
    expect(tablesRead('SELECT * FROM (births', 'duckdb')).toEqual([]);
    expect(tablesRead("SELECT 'unterminated FROM births", 'duckdb')).toEqual([]);
  });
});
