// Drill by: which key holds a viz type's dimensions, which columns can be drilled by, the drilled form data.
import type { QueryFormData } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { ALL_CHART_PLUGINS } from '../../charts';
import {
  DRILL_BY_ROW_LIMIT,
  DRILL_BY_SERIES_LIMIT,
  drillByColumns,
  drillByDimensionKey,
  drillByFormData,
  drillFilterValue,
  drillValueText,
  withDrillByLimits,
} from './drill-by';

const keyOf = (vizType: string) => {
  const plugin = ALL_CHART_PLUGINS.find((candidate) => candidate.vizType === vizType);
  if (!plugin) throw new Error(`no plugin ${vizType}`);
  return drillByDimensionKey(plugin.controlPanel);
};

const datasource = {
  columns: [
    { column_name: 'ds', is_dttm: true },
    { column_name: 'state' },
    { column_name: 'gender' },
    { column_name: 'name', groupby: false },
    { column_name: 'ssn' },
  ],
  sensitive_columns: ['ssn'],
};

describe('drill by', () => {
  it('reads the dimension key from the viz type’s control panel, never the x-axis', () => {
    expect(keyOf('pie')).toBe('groupby');
    expect(keyOf('echarts_timeseries_line')).toBe('groupby');
    expect(keyOf('pivot_table_v2')).toBe('groupbyRows');
    expect(drillByDimensionKey({ sections: [] })).toBeNull();
  });

  it('offers groupable, non-sensitive columns the chart does not already group by', () => {
    const formData = { datasource: '1__table', viz_type: 'pie', groupby: ['state'], x_axis: 'ds' } as QueryFormData;
    expect(drillByColumns(datasource, formData, 'groupby').map((column) => column.column_name)).toEqual(['gender']);
    expect(drillByColumns(undefined, formData, 'groupby')).toEqual([]);
  });

  it('replaces the dimension and keeps every drill step as a filter', () => {
    const formData = {
      datasource: '1__table',
      viz_type: 'pie',
      groupby: ['state'],
      adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 0' }],
    } as QueryFormData;
    const drilled = drillByFormData(formData, 'groupby', 'name', [
      { column: 'state', value: 'CA' },
      { column: 'gender', value: null },
    ]);
    expect(drilled.groupby).toEqual(['name']);
    expect(drilled.adhoc_filters).toEqual([
      formData.adhoc_filters?.[0],
      expect.objectContaining({ subject: 'state', operator: '==', comparator: 'CA', clause: 'WHERE' }),
      expect.objectContaining({ subject: 'gender', operator: 'IS NULL' }),
    ]);
    expect(drilled.adhoc_filters?.[2]).not.toHaveProperty('comparator');
    expect(formData.groupby).toEqual(['state']);
  });
});

describe('drilled values', () => {
  it('a temporal value filters as timestamp text, other values as they are', () => {
    expect(drillFilterValue(631152000000, true)).toBe('1990-01-01T00:00:00');
    expect(drillFilterValue(631152000000, false)).toBe(631152000000);
    expect(drillFilterValue('CA', true)).toBe('CA');
  });

  it('reads dates without a midnight time, numbers with grouped digits, nulls as N/A', () => {
    expect(drillValueText(631152000000, true)).toBe('1990-01-01');
    expect(drillValueText(631152000000 + 3_600_000, true)).toBe('1990-01-01 01:00:00');
    expect(drillValueText(1294971, false)).toBe('1,294,971');
    expect(drillValueText('1990-01-01T00:00:00', true)).toBe('1990-01-01');
    expect(drillValueText(null, false)).toBe('N/A');
    expect(drillValueText('girl', false)).toBe('girl');
  });
});

describe('drill by limits', () => {
  const panelOf = (vizType: string) => {
    const plugin = ALL_CHART_PLUGINS.find((candidate) => candidate.vizType === vizType);
    if (!plugin) throw new Error(`no plugin ${vizType}`);
    return plugin.controlPanel;
  };
  const base = { datasource: '1__table', viz_type: 'pie' } as QueryFormData;

  it('keeps the chart’s own row limit and series limit', () => {
    const line = { ...base, viz_type: 'echarts_timeseries_line', row_limit: 500, series_limit: 10 } as QueryFormData;
    expect(withDrillByLimits(line, panelOf('echarts_timeseries_line'))).toMatchObject({
      row_limit: 500,
      series_limit: 10,
    });
  });

  it('bounds a drill whose chart has no limit, never asking for every row', () => {
    const line = { ...base, viz_type: 'echarts_timeseries_line', row_limit: 0 } as QueryFormData;
    expect(withDrillByLimits(line, panelOf('echarts_timeseries_line'))).toMatchObject({
      row_limit: DRILL_BY_ROW_LIMIT,
      series_limit: DRILL_BY_SERIES_LIMIT,
    });
  });

  it('sets no series limit on a viz type without one', () => {
    const pie = withDrillByLimits({ ...base, row_limit: 100 } as QueryFormData, panelOf('pie'));
    expect(pie.row_limit).toBe(100);
    expect(pie.series_limit).toBeUndefined();
  });
});
