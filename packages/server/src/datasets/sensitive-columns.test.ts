// Whether an expression reads a sensitive column, with names read as each engine reads them.
import { describe, expect, it } from 'vitest';
import { mentionsSensitive } from './sensitive-columns.js';

describe('mentionsSensitive', () => {
  it('finds the column bare, quoted, or in another case', () => {
    expect(mentionsSensitive('SUM(secret)', ['secret'], 'duckdb')).toBe(true);
    expect(mentionsSensitive('SUM("Secret")', ['secret'], 'postgresql')).toBe(true);
    expect(mentionsSensitive("'secret' || name", ['secret'], 'duckdb')).toBe(false);
  });

  it('reads ClickHouse names with backslash escapes as the server does', () => {
    // ClickHouse reads "s\ecret" and `\x73ecret` as secret; PostgreSQL keeps the backslash in the name.
    expect(mentionsSensitive('SUM("s\\ecret")', ['secret'], 'clickhouse')).toBe(true);
    expect(mentionsSensitive('SUM(`\\x73ecret`)', ['secret'], 'clickhouse')).toBe(true);
    expect(mentionsSensitive('SUM("s\\ecret")', ['secret'], 'postgresql')).toBe(false);
  });
});
