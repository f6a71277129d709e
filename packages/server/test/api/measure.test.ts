// /api/v1/measure/: every measure validation message of spec §5, dataset checks, ownership, lists, links to charts.
import { MEASURE_MESSAGES } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import type { Session } from '../support/test-app.js';
import { ok, rison, STORE_BACKENDS, title, useWorld } from './chart-harness.js';

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('measure API', backend), () => {
    const w = useWorld(backend);

    const simple = (name: string | null, column = 'total', aggregate = 'SUM') => ({
      expressionType: 'SIMPLE',
      label: name,
      column: { column_name: column },
      aggregate,
    });
    const post = (session: Session, payload: Record<string, unknown>) =>
      session.request({
        method: 'POST',
        url: '/api/v1/measure/',
        payload: { datasource_id: w.ordersId, datasource_type: 'table', viz_type: 'measure', ...payload },
      });
    const refusal = async (payload: Record<string, unknown>) => {
      const response = await post(w.gamma.session, payload);
      return { status: response.statusCode, body: response.json() };
    };

    it('creates a measure and reads back its definitions, owners and dataset', async () => {
      const created = ok(
        await post(w.gamma.session, {
          measure_name: 'Revenue',
          params: { viz_type: 'measure', metrics: [simple('Revenue')] },
          tags: ['finance'],
          description: 'Sum of totals',
        }),
        201,
      );
      const detail = ok(await w.gamma.session.request({ method: 'GET', url: `/api/v1/measure/${created.id}` })).result;
      expect(detail).toMatchObject({
        id: created.id,
        measure_id: created.id,
        measure_name: 'Revenue',
        viz_type: 'measure',
        datasource_id: w.ordersId,
        datasource_type: 'table',
        datasource_name: 'orders',
        tags: [{ name: 'finance', type: 1 }],
        description: 'Sum of totals',
        owners: [{ id: w.gamma.id }],
        dashboards: [],
        saved_measures: [
          { name: 'Revenue', expressionType: 'SIMPLE', aggregate: 'SUM', column: 'total', expression: null },
        ],
      });
      // Definitions sent as saved_measures land in params.
      const calculated = ok(
        await post(w.gamma.session, {
          measure_name: 'Average basket',
          viz_type: 'calculated_measure',
          saved_measures: [{ name: 'Average basket', expressionType: 'SQL', expression: 'SUM(total) / COUNT(*)' }],
        }),
        201,
      );
      const stored = ok(await w.gamma.session.request({ method: 'GET', url: `/api/v1/measure/${calculated.id}` }));
      expect(JSON.parse(stored.result.params).saved_measures[0].expression).toBe('SUM(total) / COUNT(*)');
    });

    it('answers every measure message of spec §5', async () => {
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ measure_name: 'Empty list', params: { metrics: [] } }, 'measures', MEASURE_MESSAGES.empty],
        [{ measure_name: '  ', params: { metrics: [simple('x')] } }, 'measure_name', MEASURE_MESSAGES.nameEmpty],
        [{ measure_name: 'Say "hi"', params: { metrics: [simple(null)] } }, 'measure_name', MEASURE_MESSAGES.nameQuote],
        [
          { measure_name: 'Two', params: { metrics: [simple('A'), simple(null)] } },
          'measures.1',
          MEASURE_MESSAGES.nameEmpty,
        ],
        [
          { measure_name: 'Quotes inside', params: { metrics: [simple('a"b'), simple('c')] } },
          'measures.0',
          MEASURE_MESSAGES.nameQuote,
        ],
        [
          { measure_name: 'Twice', params: { metrics: [simple('Same'), simple('same ')] } },
          'measures.1',
          MEASURE_MESSAGES.nameDuplicated,
        ],
        [
          { measure_name: 'No aggregate', params: { metrics: [simple('x', 'total', '')] } },
          'measures.0',
          MEASURE_MESSAGES.aggregatorEmpty,
        ],
        [
          { measure_name: 'No column', params: { metrics: [simple('x', '')] } },
          'measures.0',
          MEASURE_MESSAGES.columnEmpty,
        ],
        [
          { measure_name: 'No percentile', params: { metrics: [simple('x', 'total', 'PERCENTILE')] } },
          'measures.0',
          MEASURE_MESSAGES.percentileEmpty,
        ],
        [
          {
            measure_name: 'No expression',
            viz_type: 'calculated_measure',
            params: { metrics: [{ expressionType: 'SQL', label: 'e', sqlExpression: ' ' }] },
          },
          'measures.0',
          MEASURE_MESSAGES.expressionEmpty,
        ],
        [
          {
            measure_name: 'Broken',
            viz_type: 'calculated_measure',
            params: { metrics: [{ expressionType: 'SQL', label: 'b', sqlExpression: 'SUM(total' }] },
          },
          'measures.0',
          MEASURE_MESSAGES.invalidCalculated,
        ],
        [
          { measure_name: 'Not calculated', viz_type: 'calculated_measure', params: { metrics: [simple('n')] } },
          'measures.0',
          MEASURE_MESSAGES.invalidCalculated,
        ],
      ];
      for (const [payload, field, message] of cases) {
        const { status, body } = await refusal(payload);
        expect({ name: payload.measure_name, status, body }).toEqual({
          name: payload.measure_name,
          status: 422,
          body: { message: { [field]: [message] } },
        });
      }
    });

    it('refuses names taken by the dataset metrics and by other measures, in any case', async () => {
      ok(
        await post(w.gamma.session, { measure_name: 'Orders', params: { metrics: [simple(null, 'id', 'COUNT')] } }),
        201,
      );
      const again = await refusal({ measure_name: 'orders ', params: { metrics: [simple(null)] } });
      expect(again).toEqual({ status: 422, body: { message: { measure_name: [MEASURE_MESSAGES.nameDuplicated] } } });
      // COUNT(*) is the metric every new dataset gets.
      const metric = await refusal({ measure_name: 'Metric clash', params: { metrics: [simple('count')] } });
      expect(metric).toEqual({ status: 422, body: { message: { 'measures.0': [MEASURE_MESSAGES.nameDuplicated] } } });
      ok(
        await post(w.gamma.session, {
          measure_name: 'Pair',
          params: { metrics: [simple('Pair min', 'total', 'MIN'), simple('Pair max', 'total', 'MAX')] },
        }),
        201,
      );
      const definition = await refusal({ measure_name: 'Other', params: { metrics: [simple('PAIR MAX')] } });
      expect(definition.body).toEqual({ message: { 'measures.0': [MEASURE_MESSAGES.nameDuplicated] } });
    });

    it('refuses sensitive or unknown columns and guarded SQL', async () => {
      const sensitive = await refusal({ measure_name: 'Secret', params: { metrics: [simple(null, 'ssn', 'COUNT')] } });
      expect(sensitive.status).toBe(400);
      expect(sensitive.body.message).toBe(
        "No such column found. The column may not exist or it's a sensitive column keyword. To filter on a metric, try the Custom SQL tab",
      );
      expect((await refusal({ measure_name: 'Ghost', params: { metrics: [simple(null, 'nope')] } })).status).toBe(400);
      const sql = (expression: string) =>
        refusal({
          measure_name: `SQL ${expression.length}`,
          viz_type: 'calculated_measure',
          params: { metrics: [{ expressionType: 'SQL', sqlExpression: expression }] },
        });
      expect((await sql('COUNT(DISTINCT ssn)')).body).toEqual({
        message: { 'measures.0': ['Custom SQL cannot contain sensitive column "ssn"'] },
      });
      expect((await sql('(SELECT MAX(total) FROM orders)')).body).toEqual({
        message: { 'measures.0': ['Custom SQL cannot contain sub-queries'] },
      });
    });

    it('only owners and admins change a measure; a dataset out of reach hides it', async () => {
      const id = ok(
        await post(w.peer.session, { measure_name: 'Peer measure', params: { metrics: [simple(null)] } }),
        201,
      ).id as number;
      const put = await w.gamma.session.request({
        method: 'PUT',
        url: `/api/v1/measure/${id}`,
        payload: { description: 'mine now' },
      });
      expect(put.statusCode).toBe(403);
      expect(put.json().message).toBe('You do not have permission to edit this measure');
      expect((await w.gamma.session.request({ method: 'DELETE', url: `/api/v1/measure/${id}` })).statusCode).toBe(403);
      ok(
        await w.peer.session.request({
          method: 'PUT',
          url: `/api/v1/measure/${id}`,
          payload: { measure_name: 'Peer measure 2', params: { metrics: [simple(null, 'total', 'MAX')] } },
        }),
      );
      const renamed = ok(await w.peer.session.request({ method: 'GET', url: `/api/v1/measure/${id}` })).result;
      expect(renamed.saved_measures[0]).toMatchObject({ name: 'Peer measure 2', aggregate: 'MAX' });
      expect((await w.outsider.session.request({ method: 'GET', url: `/api/v1/measure/${id}` })).statusCode).toBe(404);
      const hidden = await w.outsider.session.request({ method: 'GET', url: `/api/v1/measure/?q=${rison({})}` });
      expect(ok(hidden).count).toBe(0);
      const listed = ok(
        await w.gamma.session.request({
          method: 'GET',
          url: `/api/v1/measure/?q=${rison({
            filters: [
              { col: 'measure_name', opr: 'ct', value: 'peer' },
              { col: 'owners', opr: 'rel_m_m', value: w.peer.id },
            ],
          })}`,
        }),
      );
      expect(listed.ids).toEqual([id]);
      ok(await w.admin.request({ method: 'DELETE', url: `/api/v1/measure/${id}` }));
    });

    it('a chart links saved measures of its own dataset only', async () => {
      const id = ok(await post(w.gamma.session, { measure_name: 'Linked', params: { metrics: [simple(null)] } }), 201)
        .id as number;
      const chart = ok(
        await w.gamma.session.request({
          method: 'POST',
          url: '/api/v1/chart/',
          payload: {
            slice_name: 'Uses measure',
            datasource_id: w.ordersId,
            datasource_type: 'table',
            saved_measures: [id],
          },
        }),
        201,
      );
      const detail = ok(await w.gamma.session.request({ method: 'GET', url: `/api/v1/chart/${chart.id}` })).result;
      expect(detail.saved_measures).toEqual([{ id, measure_name: 'Linked' }]);
      const elsewhere = await w.gamma.session.request({
        method: 'POST',
        url: '/api/v1/chart/',
        payload: { slice_name: 'Wrong', datasource_id: w.virtualId, datasource_type: 'table', saved_measures: [id] },
      });
      expect(elsewhere.statusCode).toBe(422);
      expect(elsewhere.json()).toEqual({
        message: { saved_measures: ['One or more saved measures belong to another dataset'] },
      });
    });
  });
}
