// Superset's annotation overrides: which of the annotated chart's fields the layer's query takes over.
import type { QueryFormData } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { applyAnnotationOverrides } from './annotation-overrides';

const source: QueryFormData = {
  datasource: '2__table',
  viz_type: 'table',
  time_range: 'No filter',
  since: '2020-01-01',
  until: '2021-01-01',
  granularity_sqla: 'event_time',
  time_grain_sqla: 'P1D',
};
const annotated: Partial<QueryFormData> = {
  datasource: '1__table',
  viz_type: 'echarts_timeseries_line',
  time_range: '2024-01-01 : 2024-06-01',
  granularity_sqla: 'ds',
  time_grain_sqla: 'P1M',
};

describe('applyAnnotationOverrides', () => {
  it('without overrides the source chart runs as saved', () => {
    expect(applyAnnotationOverrides(source, annotated, {})).toEqual(source);
  });

  it("a time_range key passes the annotated chart's time range down and drops the source's own bounds", () => {
    const next = applyAnnotationOverrides(source, annotated, { time_range: null });
    expect(next.time_range).toBe('2024-01-01 : 2024-06-01');
    expect(next).not.toHaveProperty('since');
    expect(next).not.toHaveProperty('until');
    expect(next.time_grain_sqla).toBe('P1D');
    expect(next.granularity_sqla).toBe('event_time');
  });

  it('granularity and time grain keys take the time column and grain; a value in the override wins', () => {
    const next = applyAnnotationOverrides(source, annotated, { granularity: null, time_grain_sqla: 'P1W' });
    expect(next.granularity_sqla).toBe('ds');
    expect(next.granularity).toBe('ds');
    expect(next.time_grain_sqla).toBe('P1W');
    expect(next.time_range).toBe('No filter');
  });

  it("a time series chart's time column is its x-axis", () => {
    const { granularity_sqla: _, ...byAxis } = annotated;
    const next = applyAnnotationOverrides(source, { ...byAxis, x_axis: 'day' }, { granularity: null });
    expect(next.granularity_sqla).toBe('day');
  });

  it("the annotated chart's dashboard filters go along", () => {
    const extra_filters = [{ col: 'country', op: 'in', val: ['FR'] }];
    expect(applyAnnotationOverrides(source, { ...annotated, extra_filters }, {}).extra_filters).toEqual(extra_filters);
  });
});
