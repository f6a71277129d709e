// Ported from Superset's tests/integration_tests/charts/data/api_tests.py, TestPostChartDataApi: row counts and
// limits, result types and formats, filters, WHERE/HAVING/ORDER BY refusals and access, on every engine.
import type { QueryObject } from '@nezha/core';
import { expect, it } from 'vitest';
import { DEFAULT_QUERY_ROW_LIMIT } from '../../src/chart-data/compile/order.js';
import { SAMPLES_ROW_LIMIT } from '../../src/datasets/samples.js';
import { baseQuery, expectedRowCount, firstResult, perEngine, SUM_NUM, zipNames } from './chart-data-harness.js';

perEngine('Superset chart data cases (POST)', (w) => {
  const withQuery = (change: (query: QueryObject) => void): QueryObject => {
    const query = baseQuery();
    change(query);
    return query;
  };

  /** Runs with SQL_MAX_ROW lowered for the one request. */
  async function withMaxRow<T>(maxRow: number, run: () => Promise<T>): Promise<T> {
    const config = w.env.t.ctx.config.sqlLab;
    const before = config.maxRow;
    config.maxRow = maxRow;
    try {
      return await run();
    } finally {
      config.maxRow = before;
    }
  }

  it('test_with_valid_qc__data_is_returned: rowcount is the groups SQL counts', async () => {
    const result = firstResult(await w.post(w.payload()));
    expect(result.rowcount).toBe(await expectedRowCount(w));
    expect(result.rowcount).toBeGreaterThan(0);
    expect(result.status).toBe('success');
  });

  it('test_without_row_limit__row_count_as_default_row_limit', async () => {
    const query = withQuery((q) => {
      delete q.row_limit;
      q.columns = ['name', 'state'];
    });
    const result = firstResult(await w.post(w.payload([query])));
    const [{ n } = { n: 0 }] = await w.sql(
      `SELECT COUNT(*) AS n FROM (SELECT DISTINCT ${w.q('name')}, ${w.q('state')} FROM ${w.q('birth_names')} WHERE ${w.q('gender')} = 'boy') AS t`,
    );
    expect(result.rowcount).toBe(Math.min(Number(n), DEFAULT_QUERY_ROW_LIMIT));
    expect(result.query).toMatch(new RegExp(`LIMIT ${DEFAULT_QUERY_ROW_LIMIT}\\b`));
  });

  it('test_as_samples_without_row_limit__row_count_as_default_samples_row_limit', async () => {
    const query = withQuery((q) => delete q.row_limit);
    const result = firstResult(await w.post(w.payload([query], { result_type: 'samples' })));
    const [{ n } = { n: 0 }] = await w.sql(
      `SELECT COUNT(*) AS n FROM ${w.q('birth_names')} WHERE ${w.q('gender')} = 'boy'`,
    );
    expect(result.rowcount).toBe(Math.min(Number(n), SAMPLES_ROW_LIMIT));
    expect(result.query).not.toContain('GROUP BY');
  });

  it('test_with_row_limit_bigger_then_sql_max_row__rowcount_as_sql_max_row', async () => {
    const query = withQuery((q) => {
      q.row_limit = 10_000_000;
    });
    const result = await withMaxRow(10, async () => firstResult(await w.post(w.payload([query]))));
    expect(result.rowcount).toBe(10);
  });

  it('test_as_samples_with_row_limit_bigger_then_sql_max_row_rowcount_as_sql_max_row', async () => {
    const query = withQuery((q) => {
      q.row_limit = 10_000_000;
    });
    const result = await withMaxRow(5, async () =>
      firstResult(await w.post(w.payload([query], { result_type: 'samples' }))),
    );
    expect(result.rowcount).toBe(5);
    expect(result.query).not.toContain('GROUP BY');
  });

  it('test_with_row_limit_as_samples__rowcount_as_row_limit', async () => {
    const query = withQuery((q) => {
      q.row_limit = 10;
    });
    const result = firstResult(await w.post(w.payload([query], { result_type: 'samples' })));
    expect(result.rowcount).toBe(10);
    expect(result.data).toHaveLength(10);
    expect(result.query).not.toContain('GROUP BY');
  });

  it('test_with_incorrect_result_type__400 and test_with_incorrect_result_format__400', async () => {
    const type = await w.post(w.payload(undefined, { result_type: 'qwerty' }));
    expect(type.statusCode).toBe(400);
    expect(type.json().message.result_type).toBeDefined();
    const format = await w.post(w.payload(undefined, { result_format: 'qwerty' }));
    expect(format.statusCode).toBe(400);
    expect(format.json().message.result_format).toBeDefined();
  });

  it('test_with_invalid_payload__400: a form post is "Request is not JSON"', async () => {
    const response = await w.admin.request({
      method: 'POST',
      url: '/api/v1/chart/data',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'form_data=NOT+VALID+JSON',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Request is not JSON');
  });

  it('test_with_query_result_type__200: the SQL of the query, not run', async () => {
    const response = await w.post(w.payload(undefined, { result_type: 'query' }));
    expect(response.statusCode, response.body).toBe(200);
    const [result] = response.json().result;
    expect(result.language).toBe('sql');
    expect(result.query).toMatch(/GROUP BY/);
    expect(result.query).toContain("'boy'");
  });

  it('test_empty_request_with_csv_result_format and _excel_: 400', async () => {
    for (const format of ['csv', 'xlsx']) {
      const response = await w.post(w.payload([], { result_format: format }));
      expect(response.statusCode, format).toBe(400);
    }
  });

  it('test_with_csv_result_format: text/csv with the rows SQL counts', async () => {
    const response = await w.post(w.payload(undefined, { result_format: 'csv' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const lines = response.body.trim().split(/\r?\n/);
    expect(lines[0]).toBe('name,sum__num');
    expect(lines).toHaveLength((await expectedRowCount(w)) + 1);
  });

  it('test_with_excel_result_format: an XLSX workbook', async () => {
    const response = await w.post(w.payload(undefined, { result_format: 'xlsx' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(zipNames(response.rawPayload)).toContain('xl/worksheets/sheet1.xml');
  });

  it('test_with_multi_query_csv_result_format: a ZIP of query_1.csv and query_2.csv', async () => {
    const response = await w.post(w.payload([baseQuery(), baseQuery()], { result_format: 'csv' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(zipNames(response.rawPayload)).toEqual(['query_1.csv', 'query_2.csv']);
  });

  it('test_with_multi_query_excel_result_format: a ZIP of query_1.xlsx and query_2.xlsx', async () => {
    const response = await w.post(w.payload([baseQuery(), baseQuery()], { result_format: 'xlsx' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/zip');
    expect(zipNames(response.rawPayload)).toEqual(['query_1.xlsx', 'query_2.xlsx']);
  });

  it('test_with_csv/excel_result_format_when_actor_not_permitted__403', async () => {
    for (const format of ['csv', 'xlsx']) {
      const response = await w.post(w.payload(undefined, { result_format: format }), w.noCsv);
      expect(response.statusCode, format).toBe(403);
    }
    // The same user may read the data as JSON.
    expect((await w.post(w.payload(), w.noCsv)).statusCode).toBe(200);
  });

  it('test_with_row_limit_and_offset__row_limit_and_offset_were_applied', async () => {
    const query = withQuery((q) => {
      q.row_limit = 5;
      q.row_offset = 0;
      q.orderby = [['name', true]];
    });
    const first = firstResult(await w.post(w.payload([query])));
    expect(first.rowcount).toBe(5);
    const names = await w.sql(
      `SELECT DISTINCT ${w.q('name')} AS ${w.q('name')} FROM ${w.q('birth_names')} WHERE ${w.q('gender')} = 'boy' ORDER BY 1 LIMIT 5`,
    );
    expect(first.data.map((row) => row.name)).toEqual(names.map((row) => row.name));
    const second = firstResult(await w.post(w.payload([{ ...query, row_offset: 2 }])));
    expect(second.rowcount).toBe(5);
    expect(second.data[0]?.name).toBe(first.data[2]?.name);
  });

  it('test_chart_data_applied_time_extras: applied filters in Superset order', async () => {
    const query = withQuery((q) => {
      q.applied_time_extras = { __time_range: '100 years ago : now', __time_origin: 'now' };
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.applied_filters).toEqual([
      { column: 'gender' },
      { column: 'num' },
      { column: 'name' },
      { column: '__time_range' },
    ]);
    expect(result.rowcount).toBe(await expectedRowCount(w));
  });

  it('test_with_in_op_filter__data_is_returned: a mixed-case "In" operator', async () => {
    const query = withQuery((q) => {
      q.filters = [{ col: 'gender', op: 'In', val: ['boy'] }];
      q.row_limit = 10;
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.rowcount).toBe(10);
  });

  it('test_chart_data_invalid_post_processing: a pivot without aggregates is a 400', async () => {
    const query = withQuery((q) => {
      q.columns = ['name', 'gender'];
      q.post_processing = [
        {
          operation: 'pivot',
          options: { drop_missing_columns: false, columns: ['gender'], index: ['name'], aggregates: {} },
        },
      ];
    });
    const response = await w.post(w.payload([query]));
    expect(response.statusCode).toBe(400);
    // Superset: "Error: Pivot operation must include at least one aggregate"; core names the operation it failed in.
    expect(response.json().message).toMatch(/^Error: (pivot: )?Pivot operation must include at least one aggregate$/);
  });

  it('test_with_query_result_type_and_non_existent_filter__filter_omitted', async () => {
    const query = withQuery((q) => {
      q.filters = [{ col: 'non_existent_filter', op: '==', val: 'foo' }];
    });
    const response = await w.post(w.payload([query], { result_type: 'query' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result[0].query).not.toContain('non_existent_filter');
    const full = firstResult(await w.post(w.payload([query])));
    expect(full.rejected_filters).toEqual([{ column: 'non_existent_filter', reason: 'not_in_datasource' }]);
  });

  it('test_with_filter_suppose_to_return_empty_data__no_data_returned', async () => {
    const query = withQuery((q) => {
      q.filters = [{ col: 'gender', op: '==', val: 'foo' }];
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.data).toEqual([]);
    expect(result.rowcount).toBe(0);
  });

  it('test_with_invalid_where_parameter__400 and _closing_unclosed__400', async () => {
    for (const where of ['(gender abc def)', "state = 'CA') OR (state = 'NY'"]) {
      const query = withQuery((q) => {
        q.filters = [];
        q.extras = { ...q.extras, where };
      });
      const response = await w.post(w.payload([query]));
      expect(response.statusCode, where).toBe(400);
      expect(response.body).not.toMatch(/\bat .*\.(js|ts):\d+/);
    }
  });

  it('test_with_where_parameter_including_comment___200', async () => {
    const query = withQuery((q) => {
      q.filters = [];
      q.extras = { ...q.extras, where: '1 = 1 -- abc' };
    });
    const result = firstResult(await w.post(w.payload([query])));
    const [{ n } = { n: 0 }] = await w.sql(`SELECT COUNT(DISTINCT ${w.q('name')}) AS n FROM ${w.q('birth_names')}`);
    expect(result.rowcount).toBe(Math.min(100, Number(n)));
  });

  it('test_with_orderby_parameter_with_second_query__400: a second statement in ORDER BY is refused', async () => {
    const query = withQuery((q) => {
      q.filters = [];
      q.orderby = [[{ expressionType: 'SQL', sqlExpression: 'sum__num; select 1, 1', label: 'x' }, true]];
    });
    const response = await w.post(w.payload([query]));
    // Superset answers 422 here; ours is the custom SQL guard's 400, refusing the second statement before any run.
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].error_type).toMatch(/^(ADHOC_SUBQUERY_NOT_ALLOWED_ERROR|INVALID_SQL_ERROR)$/);
  });

  it('test_with_invalid_having_parameter_closing_and_comment__400', async () => {
    const query = withQuery((q) => {
      q.filters = [];
      q.extras = { ...q.extras, having: "COUNT(1) = 0) UNION ALL SELECT 'abc', 1--comment" };
    });
    const response = await w.post(w.payload([query]));
    expect(response.statusCode).toBe(400);
  });

  it('test_with_invalid_datasource__400', async () => {
    const response = await w.post({ ...w.payload(), datasource: 'abc' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message.datasource).toBeDefined();
  });

  it('test_with_not_permitted_actor__403: DATASOURCE_SECURITY_ACCESS_ERROR', async () => {
    const response = await w.post(w.payload(), w.gamma);
    expect(response.statusCode).toBe(403);
    expect(response.json().errors[0].error_type).toBe('DATASOURCE_SECURITY_ACCESS_ERROR');
  });

  it('test_chart_data_rowcount: is_rowcount answers [{rowcount}] as SQL counts', async () => {
    const query = withQuery((q) => {
      q.is_rowcount = true;
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.data).toEqual([{ rowcount: await expectedRowCount(w) }]);
    expect(result.colnames).toEqual(['rowcount']);
  });

  it('test_with_timegrains_and_columns_result_types: per-query result types', async () => {
    const response = await w.post(
      w.payload([{ result_type: 'timegrains' } as QueryObject, { result_type: 'columns' } as QueryObject]),
    );
    expect(response.statusCode, response.body).toBe(200);
    const [grains, columns] = response.json().result;
    expect(Object.keys(grains.data[0])).toEqual(['name', 'function', 'duration']);
    expect(Object.keys(columns.data[0])).toEqual(['column_name', 'verbose_name', 'dtype']);
    const day = grains.data.find((grain: { duration: string | null }) => grain.duration === 'P1D');
    expect(day?.name).toBe('Day');
    expect(grains.data[0]).toMatchObject({ duration: null, function: '{col}' });
    expect(columns.data.map((c: { column_name: string }) => c.column_name).sort()).toEqual(
      ['ds', 'gender', 'name', 'num', 'num_boys', 'num_girls', 'state'].sort(),
    );
    const ds = columns.data.find((c: { column_name: string }) => c.column_name === 'ds');
    expect(ds.dtype).toBe(2);
  });

  it('test_with_series_limit: five names, each with its states', async () => {
    const query = withQuery((q) => {
      q.columns = ['state', 'name'];
      q.series_columns = ['name'];
      q.series_limit = 5;
      q.row_limit = 10_000;
    });
    const result = firstResult(await w.post(w.payload([query])));
    const names = new Set(result.data.map((row) => row.name));
    expect(names.size).toBe(5);
    expect(new Set(Object.keys(result.data[0] ?? {}))).toEqual(new Set(['state', 'name', 'sum__num']));
    const top = await w.sql(
      `SELECT ${w.q('name')} AS ${w.q('name')} FROM ${w.q('birth_names')} WHERE ${w.q('gender')} = 'boy'
       GROUP BY ${w.q('name')} ORDER BY SUM(${w.q('num')}) DESC LIMIT 5`,
    );
    expect([...names].sort()).toEqual(top.map((row) => row.name).sort());
  });

  it('test_with_table_columns_without_metrics: raw rows of name and gender', async () => {
    const query = withQuery((q) => {
      q.columns = ['name', 'gender'];
      delete q.metrics;
      q.orderby = [];
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.colnames).toEqual(['name', 'gender']);
    expect(result.query).toContain('name');
    expect(Object.keys(result.data[0] ?? {})).toEqual(['name', 'gender']);
    expect(result.rowcount).toBe(100);
  });

  it('test_with_adhoc_column_without_metrics: an adhoc column by its label', async () => {
    const query = withQuery((q) => {
      q.columns = ['name', { label: 'num divide by 10', sqlExpression: 'num/10', expressionType: 'SQL' }];
      delete q.metrics;
      q.orderby = [];
    });
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.colnames).toEqual(['name', 'num divide by 10']);
    expect(result.query).toContain('num divide by 10');
    expect(Object.keys(result.data[0] ?? {})).toEqual(['name', 'num divide by 10']);
  });

  it('test_drill_by_allowed_column: grouping by another dimension', async () => {
    const query = withQuery((q) => {
      q.columns = ['state'];
    });
    const result = firstResult(await w.post(w.payload([query])));
    const rows = await w.sql(
      `SELECT ${w.q('state')} AS ${w.q('state')}, SUM(${w.q('num')}) AS ${w.q('total')} FROM ${w.q('birth_names')}
       WHERE ${w.q('gender')} = 'boy' GROUP BY ${w.q('state')}`,
    );
    const expected = Object.fromEntries(rows.map((row) => [row.state, Number(row.total)]));
    expect(Object.fromEntries(result.data.map((row) => [row.state, Number(row.sum__num)]))).toEqual(expected);
  });

  it('test_chart_data_subquery_not_allowed: a sub-query in WHERE or HAVING is refused, plain ones run', async () => {
    const cases: Array<[number, Record<string, string>]> = [
      [200, { where: '1 = 1' }],
      [200, { having: 'count(*) > 0' }],
      [400, { where: 'name in (select distinct name from birth_names)' }],
      [400, { having: 'count(*) > (select count(*) from birth_names)' }],
    ];
    for (const [status, extras] of cases) {
      const query: QueryObject = { columns: ['state'], metrics: ['count'], orderby: [['state', true]], extras };
      const response = await w.post(w.payload([query]));
      expect(response.statusCode, JSON.stringify(extras)).toBe(status);
    }
  });

  it('test_with_virtual_table_with_colons_as_datasource: colons stay literal text', async () => {
    const created = await w.admin.request({
      method: 'POST',
      url: '/api/v1/dataset/',
      payload: {
        database: w.env.databaseId,
        schema: (await w.admin.request({ method: 'GET', url: `/api/v1/dataset/${w.births}` })).json().result.schema,
        table_name: 'virtual_table_1',
        sql: "select ':foo' as foo, ':bar:' as bar, state, num from birth_names",
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const query: QueryObject = {
      columns: ['foo', 'bar', 'state'],
      metrics: [
        { expressionType: 'SQL', sqlExpression: "sum(case when state = ':asdf' then 0 else 1 end)", label: 'count' },
      ],
      extras: { where: "':abc' != ':xyz:qwerty'" },
      filters: [{ col: 'foo', op: '!=', val: ':qwerty:' }],
    };
    const result = firstResult(
      await w.post({ datasource: { id: created.json().id, type: 'table' }, queries: [query], result_type: 'full' }),
    );
    expect(new Set(Object.keys(result.data[0] ?? {}))).toEqual(new Set(['foo', 'bar', 'state', 'count']));
    expect(new Set(result.data.map((row) => row.foo))).toEqual(new Set([':foo']));
    expect(new Set(result.data.map((row) => row.bar))).toEqual(new Set([':bar:']));
    expect(result.query).toContain("':asdf'");
    expect(result.query).toContain("':xyz:qwerty'");
    expect(result.query).toContain("':qwerty:'");
    const [{ n } = { n: 0 }] = await w.sql(`SELECT COUNT(*) AS n FROM ${w.q('birth_names')}`);
    expect(result.data.reduce((sum, row) => sum + Number(row.count), 0)).toBe(Number(n));
  });

  it('sum__num of the base query matches SQL, name by name', async () => {
    const result = firstResult(await w.post(w.payload([withQuery((q) => (q.row_limit = 10))])));
    const rows = await w.sql(
      `SELECT ${w.q('name')} AS ${w.q('name')}, SUM(${w.q('num')}) AS ${w.q('total')} FROM ${w.q('birth_names')}
       WHERE ${w.q('gender')} = 'boy' GROUP BY ${w.q('name')} ORDER BY 2 DESC LIMIT 10`,
    );
    expect(result.data.map((row) => [row.name, Number(row.sum__num)])).toEqual(
      rows.map((row) => [row.name, Number(row.total)]),
    );
    expect(SUM_NUM.label).toBe('sum__num');
  });
});
