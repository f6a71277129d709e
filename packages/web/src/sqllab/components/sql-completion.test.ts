import { type Completion, CompletionContext, type CompletionResult } from '@codemirror/autocomplete';
import { PostgreSQL, schemaCompletionSource } from '@codemirror/lang-sql';
import { LanguageSupport } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import {
  bareWordOptions,
  buildSqlNamespace,
  completionBoost,
  rankedKeywordSource,
  rankedSource,
  tableNeedingColumns,
} from './sql-completion';
import type { SqlCompletionData } from './types';

const data: SqlCompletionData = {
  schemas: ['main', 'analytics'],
  tables: [
    { name: 'orders', schema: 'main', type: 'table' },
    { name: 'users', schema: 'main', type: 'view' },
  ],
  columnsByTable: {
    orders: [
      { name: 'id', type: 'INTEGER' },
      { name: 'total', type: 'DOUBLE' },
    ],
  },
  keywords: ['QUALIFY'],
  functions: ['date_trunc'],
};

describe('completion schema', () => {
  it('puts tables with their columns at the top level and under their schema', () => {
    const namespace = buildSqlNamespace(data) as Record<string, { self: { label: string }; children: unknown }>;
    expect(namespace.orders?.children).toEqual([
      { label: 'id', type: 'property', detail: 'INTEGER', boost: 25 },
      { label: 'total', type: 'property', detail: 'DOUBLE', boost: 25 },
    ]);
    expect(namespace.users?.children).toEqual([]);
    const main = namespace.main?.children as Record<string, unknown>;
    expect(Object.keys(main)).toEqual(['orders', 'users']);
    expect(namespace.analytics?.children).toEqual({});
  });

  it('offers bare column names once, labelled by table, above keywords and functions', () => {
    const options = bareWordOptions({ ...data, columnsByTable: { ...data.columnsByTable, users: [{ name: 'id' }] } });
    expect(options.filter((option) => option.label === 'id')).toHaveLength(1);
    const boost = (label: string) => options.find((option) => option.label === label)?.boost ?? 0;
    expect(boost('total')).toBeGreaterThan(boost('date_trunc'));
    expect(boost('date_trunc')).toBeGreaterThan(boost('QUALIFY'));
    expect(options.find((option) => option.label === 'total')?.detail).toBe('orders · DOUBLE');
    expect(options.find((option) => option.label === 'QUALIFY')?.type).toBe('keyword');
    expect(options.find((option) => option.label === 'date_trunc')?.type).toBe('function');
  });

  it('asks for the columns of a known table typed before a dot, once', () => {
    expect(tableNeedingColumns('select users.', data)).toBe('users');
    expect(tableNeedingColumns('select users.na', data)).toBe('users');
    expect(tableNeedingColumns('select orders.', data)).toBeNull();
    expect(tableNeedingColumns('select main.', data)).toBeNull();
    expect(tableNeedingColumns('select users', data)).toBeNull();
  });
});

describe('completion ranking', () => {
  const schema = buildSqlNamespace({
    schemas: ['main'],
    tables: [
      { name: 'orders', schema: 'main', type: 'table' },
      { name: 'order_items', schema: 'main', type: 'table' },
    ],
    columnsByTable: {
      orders: [
        { name: 'order_id', type: 'INTEGER' },
        { name: 'ordered_at', type: 'TIMESTAMP' },
      ],
    },
  });

  /** Every option the editor's sources offer at the end of `doc`, for the word being typed. */
  async function offered(doc: string): Promise<Completion[]> {
    const state = EditorState.create({ doc, extensions: [new LanguageSupport(PostgreSQL.language)] });
    const context = new CompletionContext(state, doc.length, true);
    const sources = [
      rankedKeywordSource(PostgreSQL),
      rankedSource(schemaCompletionSource({ dialect: PostgreSQL, schema, upperCaseKeywords: true })),
    ];
    const results = await Promise.all(sources.map((source) => source(context)));
    const word = /[\w$]*$/.exec(doc)?.[0].toLowerCase() ?? '';
    return results
      .filter((result): result is CompletionResult => result !== null)
      .flatMap((result) => result.options)
      .filter((option) => option.label.toLowerCase().startsWith(word));
  }

  /**
   * CodeMirror orders options by match score plus boost; every option here is a prefix match of the same word, so
   * the boost decides, and ties go alphabetically.
   */
  const ranked = (options: Completion[]) =>
    [...options].sort((a, b) => (b.boost ?? 0) - (a.boost ?? 0) || a.label.localeCompare(b.label));

  it('puts tables before the keywords that share their first letters', async () => {
    const options = ranked(await offered('SELECT * FROM ord'));
    expect(options.slice(0, 2).map((option) => option.label)).toEqual(['order_items', 'orders']);
    expect(options.map((option) => option.label)).toEqual(expect.arrayContaining(['ORDER', 'ORDINALITY']));
    const lastName = options.findLastIndex((option) => option.type === 'table');
    const firstKeyword = options.findIndex((option) => option.type === 'keyword');
    expect(lastName).toBeLessThan(firstKeyword);
  });

  it("ranks a statement's alias, then its table's columns, above keywords", async () => {
    const options = ranked(await offered('SELECT * FROM orders o WHERE o'));
    const labels = options.map((option) => option.label);
    expect(labels[0]).toBe('o');
    const keywordAt = options.findIndex((option) => option.type === 'keyword');
    expect(keywordAt).toBeGreaterThan(labels.indexOf('orders'));
    const qualified = ranked(await offered('SELECT * FROM orders o WHERE o.ord'));
    // lang-sql offers its keywords after the dot as well; the alias's columns come first.
    expect(qualified.slice(0, 2).map((option) => option.label)).toEqual(['order_id', 'ordered_at']);
    expect(qualified.slice(2).every((option) => option.type === 'keyword')).toBe(true);
  });

  it('ranks an alias above tables that sort before it, and SELECT above the rare SE… keywords', async () => {
    // Without boosts these would come alphabetically: order_items, orders, ozz; SEARCH, SECOND, …, SELECT.
    const aliased = ranked(await offered('SELECT * FROM orders ozz WHERE o'));
    expect(aliased.slice(0, 3).map((option) => option.label)).toEqual(['ozz', 'order_items', 'orders']);
    const keywords = ranked(await offered('SE'));
    expect(keywords[0]?.label).toBe('SELECT');
    expect(keywords.length).toBeGreaterThan(5);
  });

  it('keeps common keywords above the long tail of rare ones', () => {
    expect(completionBoost({ label: 'SELECT', type: 'keyword' })).toBeGreaterThan(
      completionBoost({ label: 'XMLAGG', type: 'keyword' }),
    );
    expect(completionBoost({ label: 'orders', type: 'table' })).toBeGreaterThan(
      completionBoost({ label: 'SELECT', type: 'keyword' }),
    );
    expect(completionBoost({ label: 'o', type: 'constant' })).toBeGreaterThan(
      completionBoost({ label: 'orders', type: 'table' }),
    );
    for (const type of ['constant', 'table', 'property', 'namespace', 'function', 'keyword']) {
      const boost = completionBoost({ label: 'x', type });
      expect(boost).toBeGreaterThanOrEqual(-99);
      expect(boost).toBeLessThanOrEqual(99);
    }
  });
});
