// ClickHouse's outward-reaching functions are refused on every SQL Lab path and in virtual datasets, found by the
// tokenizer (quoted, upper-cased or spaced), while look-alikes in strings, comments and names pass.
import { describe, expect, it } from 'vitest';
import { virtualStatement } from '../datasets/virtual-sql.js';
import { guardStatements } from '../sqllab/run-statements.js';
import { refusedFunctionCall } from './refused-functions.js';

describe('refusedFunctionCall', () => {
  it('finds url(), remote(), file() and s3() however they are written', () => {
    expect(refusedFunctionCall("SELECT * FROM url('http://169.254.169.254/', CSV, 'a String')", 'clickhouse')).toBe(
      'url',
    );
    expect(refusedFunctionCall("SELECT * FROM URL ('http://x/', CSV, 'a String')", 'clickhouse')).toBe('URL');
    expect(refusedFunctionCall("SELECT * FROM `remote`('other:9000', system.one)", 'clickhouse')).toBe('remote');
    expect(refusedFunctionCall("SELECT * FROM \"file\"('/etc/passwd', CSV, 'a String')", 'clickhouse')).toBe('file');
    expect(refusedFunctionCall("SELECT count() FROM (SELECT * FROM s3('https://b/k.csv'))", 'clickhouse')).toBe('s3');
  });

  it('reads a backslash-escaped quote inside a name as ClickHouse does: the call after the name is code', () => {
    // ClickHouse reads "x\"" as the name x"; a tokenizer that ended the name at \" would take the rest for a name.
    const sql = `SELECT 1 AS "x\\"", * FROM url('http://169.254.169.254/', CSV, 'a String') -- "`;
    expect(refusedFunctionCall(sql, 'clickhouse')).toBe('url');
    expect(refusedFunctionCall(sql.replaceAll('"', '`'), 'clickhouse')).toBe('url');
  });

  it('reads escapes inside a quoted name as ClickHouse does: "ur\\l" and "\\x75rl" call url()', () => {
    // ClickHouse 18.16 runs SELECT * FROM "number\s"(2) as numbers(2): an unknown escape is the character itself.
    expect(refusedFunctionCall(`SELECT * FROM "ur\\l"('http://169.254.169.254/', CSV, 'a String')`, 'clickhouse')).toBe(
      'url',
    );
    expect(refusedFunctionCall("SELECT * FROM `\\x75rl`('http://x/', CSV, 'a String')", 'clickhouse')).toBe('url');
    expect(refusedFunctionCall(`SELECT * FROM "fi\\le"('/etc/passwd', CSV, 'a String')`, 'clickhouse')).toBe('file');
    // Elsewhere a backslash is part of the name.
    expect(refusedFunctionCall(`SELECT "ur\\l" FROM t`, 'postgresql')).toBeNull();
  });

  it('lets through look-alikes that call nothing outside', () => {
    expect(refusedFunctionCall("SELECT 'url(x)' AS url FROM numbers(3) -- remote('h')", 'clickhouse')).toBeNull();
    expect(refusedFunctionCall('SELECT t.file FROM events t WHERE t.url = 1', 'clickhouse')).toBeNull();
    expect(refusedFunctionCall("SELECT * FROM url('http://x/')", 'postgresql')).toBeNull();
  });

  it('stops SQL Lab, with or without DML, and a virtual dataset', () => {
    const sql = "SELECT * FROM url('http://169.254.169.254/latest/meta-data', CSV, 'a String')";
    for (const allowDml of [false, true]) {
      expect(() => guardStatements([sql], { engine: 'clickhouse', allowDml })).toThrow(/url\(\) is not allowed/);
    }
    expect(() =>
      virtualStatement(sql, { engine: 'clickhouse', templating: false, templateParams: null, user: null }),
    ).toThrow(/url\(\) is not allowed/);
    expect(() =>
      guardStatements(['SELECT number FROM numbers(3)'], { engine: 'clickhouse', allowDml: false }),
    ).not.toThrow();
  });
});
