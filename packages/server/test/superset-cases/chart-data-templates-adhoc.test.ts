// Ported from Superset's tests/integration_tests/charts/data/api_tests.py: adhoc columns as filter columns
// (test_chart_data_with_adhoc_column, test_chart_data_with_incompatible_adhoc_column) and Jinja in query fragments
// (test_when_where_parameter_is_template_and_query_result_type__query_is_templated,
// test_chart_data_table_chart_with_time_grain_filter), plus the guard running after the render, on every engine.
import type { QueryObject } from '@nezha/core';
import { expect, it } from 'vitest';
import { baseQuery, firstResult, perEngine, SUM_NUM } from './chart-data-harness.js';

/** Superset's ADHOC_COLUMN_FIXTURE. */
const MALE_OR_FEMALE = {
  hasCustomLabel: true,
  label: 'male_or_female',
  sqlExpression: "case when gender = 'boy' then 'male' when gender = 'girl' then 'female' else 'other' end",
};

/** Superset's INCOMPATIBLE_ADHOC_COLUMN_FIXTURE: birth_names has no genre. */
const EXCITING_OR_BORING = {
  hasCustomLabel: true,
  label: 'exciting_or_boring',
  sqlExpression: "case when genre = 'Action' then 'Exciting' else 'Boring' end",
};

perEngine('Superset chart data cases (adhoc columns, templates)', (w) => {
  async function sumsByGender(): Promise<Record<string, number>> {
    const rows = await w.sql(
      `SELECT ${w.q('gender')} AS ${w.q('gender')}, SUM(${w.q('num')}) AS ${w.q('total')}
       FROM ${w.q('birth_names')} GROUP BY ${w.q('gender')}`,
    );
    return Object.fromEntries(rows.map((row) => [row.gender === 'boy' ? 'male' : 'female', Number(row.total)]));
  }

  const adhocQuery = (filters: QueryObject['filters']): QueryObject => ({
    ...baseQuery(),
    columns: [MALE_OR_FEMALE],
    orderby: [['sum__num', false]],
    filters,
  });

  it('test_chart_data_with_adhoc_column: the adhoc column in SELECT and WHERE', async () => {
    const query = adhocQuery([
      { col: MALE_OR_FEMALE, op: 'IN', val: ['male', 'female'] } as unknown as NonNullable<QueryObject['filters']>[0],
    ]);
    const result = firstResult(await w.post(w.payload([query])));
    expect(new Set(Object.keys(result.data[0] ?? {}))).toEqual(new Set(['male_or_female', 'sum__num']));
    expect(new Set(result.data.map((row) => row.male_or_female))).toEqual(new Set(['male', 'female']));
    expect(result.applied_filters).toEqual([{ column: 'male_or_female' }, { column: '__time_range' }]);
    expect(Object.fromEntries(result.data.map((row) => [row.male_or_female, Number(row.sum__num)]))).toEqual(
      await sumsByGender(),
    );
  });

  it('an adhoc filter column keeps only the values it names', async () => {
    const query = adhocQuery([
      { col: MALE_OR_FEMALE, op: '==', val: 'female' } as unknown as NonNullable<QueryObject['filters']>[0],
    ]);
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.data.map((row) => row.male_or_female)).toEqual(['female']);
    expect(Number(result.data[0]?.sum__num)).toBe((await sumsByGender()).female);
  });

  it('test_chart_data_with_incompatible_adhoc_column: rejected as not_in_datasource, the rest applied', async () => {
    const query = adhocQuery([
      { col: EXCITING_OR_BORING, op: 'IN', val: ['Exciting'] },
      { col: MALE_OR_FEMALE, op: 'IN', val: ['male', 'female'] },
    ] as unknown as QueryObject['filters']);
    const result = firstResult(await w.post(w.payload([query])));
    expect(new Set(result.data.map((row) => row.male_or_female))).toEqual(new Set(['male', 'female']));
    expect(result.applied_filters).toEqual([{ column: 'male_or_female' }, { column: '__time_range' }]);
    expect(result.rejected_filters).toEqual([{ column: 'exciting_or_boring', reason: 'not_in_datasource' }]);
    expect(result.query).not.toContain('genre');
  });

  it('an adhoc filter column hiding a sub-query is refused, not rejected', async () => {
    const query = adhocQuery([
      {
        col: { label: 'sneaky', sqlExpression: '(SELECT MAX(name) FROM birth_names)' },
        op: '==',
        val: 'x',
      },
    ] as unknown as QueryObject['filters']);
    const response = await w.post(w.payload([query]));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].error_type).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
  });

  it('test_when_where_parameter_is_template_and_query_result_type__query_is_templated', async () => {
    const query: QueryObject = {
      ...baseQuery(),
      filters: [{ col: 'gender', op: '==', val: 'boy' }],
      extras: { where: "('boy' = '{{ filter_values('gender', 'xyz' )[0] }}')" },
    };
    const response = await w.post(w.payload([query], { result_type: 'query' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().result[0].query).toContain("('boy' = 'boy')");
  });

  it('test_chart_data_table_chart_with_time_grain_filter: {{ time_grain }} in a metric', async () => {
    const metric = {
      expressionType: 'SQL',
      hasCustomLabel: true,
      label: 'test',
      optionName: 'metric_1eef4v0fryc_m7tm09g1hu',
      sqlExpression: "'{{ time_grain }}'",
    } as const;
    const query: QueryObject = {
      columns: [],
      metrics: [metric],
      row_limit: 1,
      extras: { where: '', having: '', time_grain_sqla: 'PT5M' },
      orderby: [[metric, true]],
      filters: [],
    };
    const result = firstResult(await w.post(w.payload([query])));
    expect(result.query).toContain('PT5M');
    expect(result.data).toEqual([{ test: 'PT5M' }]);
  });

  it('Jinja in an adhoc column and a HAVING clause: rendered, then run', async () => {
    const query: QueryObject = {
      columns: [{ label: 'who', sqlExpression: "{{ 'gen' ~ 'der' }}", expressionType: 'SQL' }],
      metrics: [{ ...SUM_NUM }],
      orderby: [['sum__num', false]],
      extras: { having: 'SUM(num) > {{ 0 }}' },
    };
    const result = firstResult(await w.post(w.payload([query])));
    const sums = await sumsByGender();
    expect(
      Object.fromEntries(result.data.map((row) => [row.who === 'boy' ? 'male' : 'female', Number(row.sum__num)])),
    ).toEqual(sums);
    expect(result.query).not.toContain('{{');
  });

  it('the dataset’s template parameters and current_username() reach a fragment', async () => {
    const put = await w.admin.request({
      method: 'PUT',
      url: `/api/v1/dataset/${w.births}`,
      payload: { template_params: JSON.stringify({ wanted: 'girl' }) },
    });
    expect(put.statusCode, put.body).toBe(200);
    try {
      const query: QueryObject = {
        columns: ['gender'],
        metrics: ['count'],
        extras: { where: "gender = '{{ wanted }}' AND '{{ current_username() }}' = 'admin'" },
      };
      const result = firstResult(await w.post(w.payload([query])));
      const [{ n } = { n: 0 }] = await w.sql(
        `SELECT COUNT(*) AS n FROM ${w.q('birth_names')} WHERE ${w.q('gender')} = 'girl'`,
      );
      expect(result.data).toEqual([{ gender: 'girl', count: Number(n) }]);
    } finally {
      await w.admin.request({ method: 'PUT', url: `/api/v1/dataset/${w.births}`, payload: { template_params: null } });
    }
  });

  it('a template cannot smuggle a sub-query past the guard: the rendered fragment is checked', async () => {
    const hidden = [
      { extras: { where: "name IN {{ '(SEL' ~ 'ECT name FROM birth_names)' }}" } },
      { extras: { having: "COUNT(*) > {{ '(SEL' ~ 'ECT 1)' }}" } },
      { metrics: [{ expressionType: 'SQL', sqlExpression: "{{ '(SEL' ~ 'ECT 1)' }}", label: 'm' }] },
      { columns: [{ label: 'c', sqlExpression: "{{ '(SEL' ~ 'ECT 1)' }}", expressionType: 'SQL' }] },
    ] as Array<Partial<QueryObject>>;
    for (const part of hidden) {
      const query: QueryObject = { columns: ['state'], metrics: ['count'], ...part };
      const response = await w.post(w.payload([query]));
      expect(response.statusCode, JSON.stringify(part)).toBe(400);
      expect(response.json().errors[0].error_type, JSON.stringify(part)).toBe('ADHOC_SUBQUERY_NOT_ALLOWED_ERROR');
    }
    // A second statement built by the template is refused too.
    const chained = await w.post(
      w.payload([
        { columns: ['state'], metrics: ['count'], extras: { where: "1 = 1 {{ ';' }} DROP TABLE birth_names" } },
      ]),
    );
    expect(chained.statusCode).toBe(400);
    const [{ n } = { n: 0 }] = await w.sql(`SELECT COUNT(*) AS n FROM ${w.q('birth_names')}`);
    expect(Number(n)).toBeGreaterThan(0);
  });

  it('the template sandbox of SQL Lab: no reaching into JavaScript objects', async () => {
    const response = await w.post(
      w.payload([
        {
          columns: ['state'],
          metrics: ['count'],
          extras: { where: "'{{ ''.constructor.constructor('return process')() }}' = ''" },
        },
      ]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].error_type).toBe('INVALID_TEMPLATE_PARAMS_ERROR');
    expect(response.body).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });

  it('with ENABLE_TEMPLATE_PROCESSING off, a fragment is taken as written', async () => {
    const features = w.env.t.ctx.config.features;
    features.ENABLE_TEMPLATE_PROCESSING = false;
    try {
      const metric = { expressionType: 'SQL', sqlExpression: "'{{ time_grain }}'", label: 'raw' } as const;
      const result = firstResult(
        await w.post(
          w.payload([
            { columns: [], metrics: [metric], orderby: [], row_limit: 1, extras: { time_grain_sqla: 'PT5M' } },
          ]),
        ),
      );
      expect(result.data).toEqual([{ raw: '{{ time_grain }}' }]);
    } finally {
      features.ENABLE_TEMPLATE_PROCESSING = true;
    }
  });
});
