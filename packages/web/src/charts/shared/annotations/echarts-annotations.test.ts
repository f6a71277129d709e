// Annotation layers into ECharts: formula line series, event markLines, interval markAreas, time series lines,
// the display options, and what the query stores in chart state for each layer type.
import type { QueryFormData } from '@nezha/core';
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../../test-utils';
import { transformTimeseriesProps } from '../timeseries/transform-props';
import { toAnnotationData, toTime } from './annotation-data';
import { type AnnotationLayer, newAnnotationLayer, readAnnotationLayer, requiresQuery } from './annotation-layer';
import { annotationSeries, countAnnotations } from './echarts-annotations';

const DAY = 86_400_000;
const context = { xValues: [2 * DAY, 0, DAY], xType: 'time' as const, colorScheme: 'supersetColors' };

const layer = (patch: Partial<AnnotationLayer>): AnnotationLayer => ({
  ...newAnnotationLayer(patch.annotationType ?? 'FORMULA'),
  ...patch,
});

const EVENTS = [
  { ds: '2024-01-02T00:00:00', title: 'Launch', note: 'v1', end: '2024-01-04' },
  { ds: 1704412800000, title: 'Outage', note: null, end: 1704499200000 },
  { ds: null, title: 'No time', note: '', end: null },
];

describe('annotationSeries', () => {
  it('draws a formula as a line series over the sorted x range, with the layer colour, width and style', () => {
    const [series] = annotationSeries(
      {
        annotation_layers: [
          layer({ name: 'Target', value: 'x / 86400000 + 1', color: '#ff0000', width: 3, style: 'dashed' }),
        ],
      },
      undefined,
      context,
    );
    expect(series).toMatchObject({
      type: 'line',
      name: 'Target',
      data: [
        [0, 1],
        [DAY, 2],
        [2 * DAY, 3],
      ],
      itemStyle: { color: '#ff0000' },
      lineStyle: { color: '#ff0000', width: 3, type: 'dashed', opacity: 1 },
      showSymbol: false,
    });
  });

  it('hide line draws a zero-width line; show markers draws the points', () => {
    const [series] = annotationSeries(
      { annotation_layers: [layer({ name: 'f', value: '1', hideLine: true, showMarkers: true })] },
      undefined,
      context,
    );
    expect(series).toMatchObject({ showSymbol: true, symbolSize: 6, lineStyle: { width: 0 } });
  });

  it('draws events as markLines at their time, titled by the title and description columns', () => {
    const events = layer({
      name: 'Releases',
      annotationType: 'EVENT',
      sourceType: 'table',
      value: 4,
      timeColumn: 'ds',
      titleColumn: 'title',
      descriptionColumns: ['note'],
      opacity: 0.5,
      style: 'dotted',
    });
    const [series] = annotationSeries({ annotation_layers: [events] }, { Releases: { records: EVENTS } }, context);
    const markLine = (series as { markLine: { data: unknown[]; lineStyle: unknown } }).markLine;
    expect(markLine.data).toEqual([
      { name: 'Launch\nv1', xAxis: Date.UTC(2024, 0, 2) },
      { name: 'Outage', xAxis: 1704412800000 },
    ]);
    expect(markLine.lineStyle).toMatchObject({ opacity: 0.5, type: 'dotted' });
    expect(series).toMatchObject({ type: 'line', data: [] });
  });

  it('draws intervals as markAreas from the start to the end column, lighter by default', () => {
    const intervals = readAnnotationLayer({
      name: 'Windows',
      annotationType: 'INTERVAL',
      sourceType: 'table',
      value: 4,
      timeColumn: 'ds',
      intervalEndColumn: 'end',
      titleColumn: 'title',
      color: '#00ff00',
      opacity: null,
    });
    const [series] = annotationSeries({ annotation_layers: [intervals] }, { Windows: { records: EVENTS } }, context);
    const markArea = (series as { markArea: { data: unknown[]; itemStyle: unknown } }).markArea;
    expect(markArea.data).toEqual([
      [{ name: 'Launch', xAxis: Date.UTC(2024, 0, 2) }, { xAxis: Date.UTC(2024, 0, 4) }],
      [{ name: 'Outage', xAxis: 1704412800000 }, { xAxis: 1704499200000 }],
    ]);
    expect(markArea.itemStyle).toEqual({ color: '#00ff00', opacity: 0.3 });
  });

  it('draws time series layers as extra line series, one per source series', () => {
    const lines = layer({ name: 'Last year', annotationType: 'TIME_SERIES', sourceType: 'line', value: 9 });
    const data = {
      series: [
        { key: 'a', points: [[0, 1] as [number, number]] },
        { key: 'b', points: [[0, 2] as [number, number]] },
      ],
    };
    const series = annotationSeries({ annotation_layers: [lines] }, { 'Last year': data }, context);
    expect(series.map((one) => [one.name, one.type, one.data])).toEqual([
      ['Last year, a', 'line', [[0, 1]]],
      ['Last year, b', 'line', [[0, 2]]],
    ]);
  });

  it('hidden layers, layers without data yet, and category x-axes draw nothing', () => {
    const hidden = layer({ name: 'h', value: '1', show: false });
    const waiting = layer({ name: 'w', annotationType: 'TIME_SERIES', sourceType: 'line', value: 2 });
    expect(annotationSeries({ annotation_layers: [hidden, waiting] }, { w: [] }, context)).toEqual([]);
    const formula = layer({ name: 'f', value: '1' });
    expect(annotationSeries({ annotation_layers: [formula] }, {}, { ...context, xType: 'category' })).toEqual([]);
  });

  it('the time series transformProps appends the annotation series after the chart series', () => {
    const formData: Partial<QueryFormData> = {
      viz_type: 'echarts_timeseries_line',
      x_axis: 'ds',
      metrics: [SUM_NUM],
      annotation_layers: [layer({ name: 'Flat', value: '5' })],
    };
    const props = chartProps(formData, [
      answer(
        [
          { ds: 0, 'SUM(num)': 1 },
          { ds: DAY, 'SUM(num)': 2 },
        ],
        { ds: 2 },
      ),
    ]);
    const series = transformTimeseriesProps(props, { seriesType: 'line' }).echartOptions.series as Array<
      Record<string, unknown>
    >;
    expect(series.map((one) => one.name)).toEqual(['SUM(num)', 'Flat']);
    expect(series[1]?.data).toEqual([
      [0, 5],
      [DAY, 5],
    ]);
  });
});

describe('annotation data', () => {
  it('events and intervals keep the source rows; time series keep [time, value] points per series', () => {
    const events = layer({ name: 'e', annotationType: 'EVENT', sourceType: 'table', value: 1 });
    const rows = answer([{ ds: 1, title: 'x' }]);
    expect(toAnnotationData(events, { datasource: '1__table', viz_type: 'table' }, rows)).toEqual({
      records: [{ ds: 1, title: 'x' }],
    });
    const line = layer({ name: 'l', annotationType: 'TIME_SERIES', sourceType: 'line', value: 1 });
    const pivoted = answer(
      [
        { ds: DAY, a: 2, b: null },
        { ds: 0, a: 1, b: 3 },
      ],
      { ds: 2 },
    );
    expect(
      toAnnotationData(line, { datasource: '1__table', viz_type: 'echarts_timeseries_line', x_axis: 'ds' }, pivoted),
    ).toEqual({
      series: [
        {
          key: 'a',
          points: [
            [0, 1],
            [DAY, 2],
          ],
        },
        {
          key: 'b',
          points: [
            [0, 3],
            [DAY, null],
          ],
        },
      ],
    });
  });

  it('reads time cells as epoch ms, zone-less text as UTC', () => {
    expect(toTime('2024-01-02 03:04:05')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(toTime('2024-01-02T00:00:00+01:00')).toBe(Date.UTC(2024, 0, 1, 23));
    expect(toTime(5)).toBe(5);
    expect(toTime('soon')).toBeNull();
  });

  it('only shown chart-sourced layers with a chart need a query', () => {
    expect(requiresQuery(layer({ name: 'f', value: '1' }))).toBe(false);
    expect(requiresQuery(layer({ name: 'e', annotationType: 'EVENT', sourceType: 'table', value: 3 }))).toBe(true);
    expect(
      requiresQuery(layer({ name: 'e', annotationType: 'EVENT', sourceType: 'table', value: 3, show: false })),
    ).toBe(false);
    expect(requiresQuery(layer({ name: 'e', annotationType: 'EVENT', sourceType: 'table', value: null }))).toBe(false);
  });
});

describe('countAnnotations', () => {
  it('counts the markLine lines, markArea areas and extra lines of the annotation series only', () => {
    const events = layer({ name: 'e', annotationType: 'EVENT', sourceType: 'table', value: 1, timeColumn: 'ds' });
    const formula = layer({ name: 'f', value: '1' });
    const series = [
      { id: 'SUM(num)', type: 'line', data: [] },
      ...annotationSeries({ annotation_layers: [events, formula] }, { e: { records: EVENTS } }, context),
    ];
    expect(countAnnotations(series)).toEqual({ markLines: 2, markAreas: 0, lines: 1 });
    expect(countAnnotations(undefined)).toEqual({ markLines: 0, markAreas: 0, lines: 0 });
  });
});
