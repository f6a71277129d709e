// Sample props for SqlLabGallery (dev only): a generated result of any size, tables, history, errors, tabs.
import type { NezhaErrorPayload } from '@nezha/core';
import type {
  DatabaseOption,
  EditorTab,
  QueryHistoryItem,
  ResultColumn,
  ResultRow,
  SqlCompletionData,
  TableSchema,
} from './types';

const CITIES = ['Paris', 'Berlin', 'Lisbon', 'Nairobi', 'Lima', 'Osaka', 'Toronto', 'Hanoi', 'Oslo', 'Quito'];
const NAMES = ['Ada', 'Grace', 'Linus', 'Barbara', 'Edsger', 'Margaret', 'Donald', 'Frances', 'Ken', 'Radia'];
const NOTES = [
  'Delivered on time',
  'Customer asked for a callback about the invoice; see the thread in the support system for the full history of this order, which is long',
  '{"channel":"web","coupon":"SPRING","items":[1,2,3]}',
  '=HYPERLINK("http://example.com")',
];

export const SAMPLE_COLUMNS: ResultColumn[] = [
  { column_name: 'id', name: 'id', type: 'BIGINT', type_generic: 0, is_dttm: false },
  { column_name: 'customer', name: 'customer', type: 'VARCHAR', type_generic: 1, is_dttm: false },
  { column_name: 'city', name: 'city', type: 'VARCHAR', type_generic: 1, is_dttm: false },
  { column_name: 'amount', name: 'amount', type: 'DOUBLE', type_generic: 0, is_dttm: false },
  { column_name: 'quantity', name: 'quantity', type: 'INTEGER', type_generic: 0, is_dttm: false },
  { column_name: 'ordered_at', name: 'ordered_at', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
  { column_name: 'shipped', name: 'shipped', type: 'BOOLEAN', type_generic: 3, is_dttm: false },
  { column_name: 'note', name: 'note', type: 'VARCHAR', type_generic: 1, is_dttm: false },
  ...Array.from({ length: 16 }, (_, i) => ({
    column_name: `metric_${i + 1}`,
    name: `metric_${i + 1}`,
    type: 'DOUBLE',
    type_generic: 0,
    is_dttm: false,
  })),
];

const DAYS = Array.from({ length: 366 }, (_, day) => new Date(Date.UTC(2024, 0, 1 + day, 9, 30)).toISOString());

/**
 * Rows keyed by column name as the server sends them. Every key is in the object literal, so the rows keep
 * V8's compact shape (adding keys one by one would turn a million rows into hash tables), and strings come
 * from small pools: the memory left is what a parsed server answer costs.
 */
export function generateRows(count: number): ResultRow[] {
  const rows: ResultRow[] = new Array(count);
  for (let i = 0; i < count; i += 1) {
    const m = (k: number) => ((i * k) % 1000) / 10;
    rows[i] = {
      id: i + 1,
      customer: NAMES[i % NAMES.length],
      city: i % 17 === 0 ? null : CITIES[(i * 7) % CITIES.length],
      amount: Math.round(((i * 9301 + 49297) % 233280) / 23.328) / 100,
      quantity: (i * 31) % 50,
      ordered_at: DAYS[i % DAYS.length],
      shipped: i % 3 !== 0,
      note: i % 5 === 0 ? null : NOTES[i % NOTES.length],
      metric_1: m(1),
      metric_2: m(2),
      metric_3: m(3),
      metric_4: m(4),
      metric_5: m(5),
      metric_6: m(6),
      metric_7: m(7),
      metric_8: m(8),
      metric_9: m(9),
      metric_10: m(10),
      metric_11: m(11),
      metric_12: m(12),
      metric_13: m(13),
      metric_14: m(14),
      metric_15: m(15),
      metric_16: m(16),
    };
  }
  return rows;
}

export const SAMPLE_DATABASES: DatabaseOption[] = [
  { id: 1, database_name: 'examples', backend: 'duckdb', editor_dialect: 'PostgreSQL' },
  {
    id: 2,
    database_name: 'warehouse',
    backend: 'postgresql',
    editor_dialect: 'PostgreSQL',
    allow_multi_catalog: true,
  },
  { id: 3, database_name: 'shop', backend: 'mysql', editor_dialect: 'MySQL', disable_data_preview: true },
  { id: 4, database_name: 'local file', backend: 'sqlite', editor_dialect: 'SQLite' },
];

export const SAMPLE_SCHEMAS = ['main', 'analytics', 'staging', 'information_schema'];

export const SAMPLE_TABLE_NAMES = Array.from({ length: 640 }, (_, i) =>
  i === 0 ? 'orders' : i === 1 ? 'customers' : `table_${String(i).padStart(3, '0')}`,
);

export const SAMPLE_TABLES: TableSchema[] = [
  {
    id: 't-orders',
    name: 'orders',
    schema: 'main',
    expanded: true,
    selectStar: 'SELECT\n  id,\n  customer_id,\n  amount,\n  ordered_at\nFROM main.orders\nLIMIT 100',
    columns: [
      { name: 'id', type: 'BIGINT', keys: [{ type: 'pk', name: 'orders_pkey', column_names: ['id'] }] },
      {
        name: 'customer_id',
        type: 'BIGINT',
        keys: [
          { type: 'fk', name: 'orders_customer_fk', column_names: ['customer_id'] },
          { type: 'index', name: 'ix_orders_customer', column_names: ['customer_id'] },
        ],
      },
      { name: 'amount', type: 'DECIMAL(12,2)' },
      {
        name: 'ordered_at',
        type: 'TIMESTAMP',
        keys: [{ type: 'index', name: 'ix_orders_date', column_names: ['ordered_at'] }],
      },
      { name: 'a_rather_long_column_name_for_layout', type: 'VARCHAR', comment: 'Checks that long names are cut' },
    ],
    primaryKey: { name: 'orders_pkey', column_names: ['id'] },
    foreignKeys: [
      {
        name: 'orders_customer_fk',
        column_names: ['customer_id'],
        referred_schema: 'main',
        referred_table: 'customers',
        referred_columns: ['id'],
      },
    ],
    indexes: [
      { name: 'ix_orders_customer', column_names: ['customer_id'], unique: false },
      { name: 'ix_orders_date', column_names: ['ordered_at'], unique: false },
    ],
  },
  { id: 't-customers', name: 'customers', schema: 'main', expanded: false, isMetadataLoading: true },
  {
    id: 't-events',
    name: 'events_with_a_very_long_table_name_2024',
    schema: 'analytics',
    expanded: true,
    isMetadataLoading: true,
  },
];

export const SAMPLE_COMPLETION: SqlCompletionData = {
  schemas: SAMPLE_SCHEMAS,
  tables: [
    { name: 'orders', schema: 'main', type: 'table' },
    { name: 'customers', schema: 'main', type: 'table' },
    { name: 'daily_sales', schema: 'main', type: 'view' },
  ],
  columnsByTable: {
    orders: [
      { name: 'id', type: 'BIGINT' },
      { name: 'customer_id', type: 'BIGINT' },
      { name: 'amount', type: 'DECIMAL(12,2)' },
      { name: 'ordered_at', type: 'TIMESTAMP' },
    ],
  },
  functions: ['date_trunc', 'strftime', 'regexp_matches'],
};

export const SAMPLE_SQL = `-- Revenue by city, last 30 days
SELECT city, count(*) AS orders, sum(amount) AS revenue
FROM orders o
JOIN customers c ON c.id = o.customer_id
WHERE ordered_at >= now() - INTERVAL 30 DAY
GROUP BY city
ORDER BY revenue DESC;

SELECT * FROM orders LIMIT 10;
`;

export const SAMPLE_TABS: EditorTab[] = [
  { id: 'tab-1', name: 'Untitled Query 1', queryState: 'success' },
  { id: 'tab-2', name: 'Revenue by city', queryState: 'running', unsaved: true },
  { id: 'tab-3', name: 'Failed experiment', queryState: 'failed' },
  { id: 'tab-4', name: 'Copy of Revenue by city' },
];

const NOW = Date.UTC(2024, 4, 14, 10, 0, 0);

export const SAMPLE_HISTORY: QueryHistoryItem[] = [
  {
    id: 'q1aaaaaaaaa',
    state: 'success',
    sql: SAMPLE_SQL,
    startDttm: NOW - 65_000,
    endDttm: NOW - 61_800,
    rows: 1_000_000,
    dbId: 1,
    databaseName: 'examples',
    schema: 'main',
    resultsKey: 'k1',
  },
  {
    id: 'q2bbbbbbbbb',
    state: 'failed',
    sql: 'SELECT * FROM missing_table',
    startDttm: NOW - 600_000,
    endDttm: NOW - 599_500,
    rows: null,
    dbId: 1,
    databaseName: 'examples',
    schema: 'main',
    errorMessage: 'The table "missing_table" does not exist.',
  },
  {
    id: 'q3ccccccccc',
    state: 'running',
    sql: 'SELECT sum(amount) FROM orders GROUP BY city',
    startDttm: Date.now() - 4200,
    rows: null,
    dbId: 2,
    databaseName: 'warehouse',
    schema: 'analytics',
    progress: 40,
  },
  {
    id: 'q4ddddddddd',
    state: 'stopped',
    sql: 'SELECT * FROM events',
    startDttm: NOW - 3_600_000,
    endDttm: NOW - 3_590_000,
    rows: 0,
    dbId: 2,
    databaseName: 'warehouse',
    schema: null,
  },
  {
    id: 'q5eeeeeeeee',
    state: 'pending',
    sql: 'SELECT 1',
    startDttm: Date.now() - 800,
    rows: null,
    dbId: 4,
    databaseName: 'local file',
    schema: 'main',
  },
];

export const SAMPLE_ERRORS: Array<{ label: string; error: NezhaErrorPayload }> = [
  {
    label: 'TABLE_DOES_NOT_EXIST_ERROR',
    error: {
      error_type: 'TABLE_DOES_NOT_EXIST_ERROR',
      level: 'error',
      message:
        'The table "missing_table" does not exist. A valid table must be used to run this query.\n\nCatalog Error: Table with name missing_table does not exist!\nDid you mean "main.orders"?',
      extra: { engine_name: 'DuckDB' },
    },
  },
  {
    label: 'SYNTAX_ERROR',
    error: {
      error_type: 'SYNTAX_ERROR',
      level: 'error',
      message:
        'Please check your query for syntax errors at or near "FORM". Then, try running your query again.\n\nParser Error: syntax error at or near "FORM"',
      extra: { engine_name: 'PostgreSQL' },
    },
  },
  {
    label: 'MISSING_TEMPLATE_PARAMS_ERROR',
    error: {
      error_type: 'MISSING_TEMPLATE_PARAMS_ERROR',
      level: 'error',
      message:
        'The parameter "stat" in your query is undefined. Please check your template parameters for syntax errors and make sure they match across your SQL query and Set Parameters.',
      extra: {
        undefined_parameters: ['stat'],
        template_parameters: { state: 'CA', start_date: '2024-01-01' },
        issue_codes: [
          { code: 1006, message: 'Issue 1006 - One or more parameters specified in the query are missing.' },
        ],
      },
    },
  },
  {
    label: 'FRONTEND_TIMEOUT_ERROR',
    error: {
      error_type: 'FRONTEND_TIMEOUT_ERROR',
      level: 'error',
      message: 'Request timed out',
      extra: {
        timeout: 60,
        issue_codes: [
          { code: 1000, message: 'Issue 1000 - The dataset is too large to query.' },
          { code: 1001, message: 'Issue 1001 - The database is under an unusual load.' },
        ],
      },
    },
  },
  {
    label: 'DML_NOT_ALLOWED_ERROR',
    error: {
      error_type: 'DML_NOT_ALLOWED_ERROR',
      level: 'error',
      message: 'Only SELECT statements are allowed against this database.',
    },
  },
  {
    label: 'INVALID_CTAS_QUERY_ERROR',
    error: {
      error_type: 'INVALID_CTAS_QUERY_ERROR',
      level: 'error',
      message: 'CREATE TABLE AS needs a SELECT as the last statement.',
    },
  },
  {
    label: 'CONNECTION_HOST_DOWN_ERROR',
    error: {
      error_type: 'CONNECTION_HOST_DOWN_ERROR',
      level: 'error',
      message: 'The host "db.internal" might be down and can\'t be reached on port 5432.',
      extra: { engine_name: 'PostgreSQL' },
    },
  },
  {
    label: 'TABLE_SECURITY_ACCESS_ERROR',
    error: {
      error_type: 'TABLE_SECURITY_ACCESS_ERROR',
      level: 'error',
      message: 'You need access to the following tables: main.salaries',
      extra: { tables: ['main.salaries'], link: 'https://example.com/request-access' },
    },
  },
  {
    label: 'GENERIC_BACKEND_ERROR (no panel)',
    error: {
      error_type: 'GENERIC_BACKEND_ERROR',
      level: 'error',
      message: 'Something went wrong in the results backend.\nTraceback line 1\nTraceback line 2',
    },
  },
];
