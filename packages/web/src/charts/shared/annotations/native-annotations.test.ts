// NATIVE ("Superset annotation") layers: drawn from the records the chart's own answer carries, with Superset's
// fixed columns, and never queried separately.
import { describe, expect, it } from 'vitest';
import { mergedAnnotationData } from '../../ChartRenderer';
import { type AnnotationLayer, newAnnotationLayer, readAnnotationLayer, requiresQuery } from './annotation-layer';
import { annotationMarks, annotationSeries } from './echarts-annotations';

const context = { xValues: [0, 1], xType: 'time' as const, colorScheme: 'supersetColors' };
const native = (patch: Partial<AnnotationLayer>): AnnotationLayer => ({
  ...newAnnotationLayer(patch.annotationType ?? 'EVENT'),
  sourceType: 'NATIVE',
  overrides: {},
  ...patch,
});

const RECORDS = {
  columns: ['start_dttm', 'end_dttm', 'short_descr', 'long_descr', 'json_metadata'],
  records: [
    {
      start_dttm: '2024-01-02T10:00:00',
      end_dttm: '2024-01-02T10:00:00',
      short_descr: 'Launch',
      long_descr: 'v1',
      json_metadata: null,
    },
    {
      start_dttm: '2024-01-03T00:00:00',
      end_dttm: '2024-01-05T12:00:00',
      short_descr: 'Freeze',
      long_descr: null,
      json_metadata: '{}',
    },
  ],
};

describe('NATIVE annotation layers', () => {
  it('an event layer draws a markLine at each annotation’s start, titled by its short description', () => {
    const series = annotationSeries(
      { annotation_layers: [native({ name: 'Releases', value: 4 })] },
      { Releases: RECORDS },
      context,
    );
    expect(annotationMarks(series)).toEqual([
      {
        kind: 'line',
        layer: 'Releases',
        label: 'Launch\nv1',
        start: Date.UTC(2024, 0, 2, 10),
        end: Date.UTC(2024, 0, 2, 10),
      },
      { kind: 'line', layer: 'Releases', label: 'Freeze', start: Date.UTC(2024, 0, 3), end: Date.UTC(2024, 0, 3) },
    ]);
  });

  it('an interval layer draws a markArea from start to end', () => {
    const series = annotationSeries(
      { annotation_layers: [native({ name: 'Windows', annotationType: 'INTERVAL', value: 4 })] },
      { Windows: RECORDS },
      context,
    );
    expect(annotationMarks(series).map((mark) => [mark.kind, mark.start, mark.end])).toEqual([
      ['area', Date.UTC(2024, 0, 2, 10), Date.UTC(2024, 0, 2, 10)],
      ['area', Date.UTC(2024, 0, 3), Date.UTC(2024, 0, 5, 12)],
    ]);
  });

  it('is answered with the chart’s data, not queried, and its source survives a reload', () => {
    expect(requiresQuery(native({ name: 'n', value: 4 }))).toBe(false);
    expect(
      readAnnotationLayer({ name: 'n', annotationType: 'INTERVAL', sourceType: 'NATIVE', value: 4 }).sourceType,
    ).toBe('NATIVE');
    // A time series layer has no NATIVE source (Superset offers it for events and intervals).
    expect(
      readAnnotationLayer({ name: 'n', annotationType: 'TIME_SERIES', sourceType: 'NATIVE', value: 4 }).sourceType,
    ).toBe('line');
  });

  it('the chart answer’s annotation_data is drawn beside what chart-sourced layers stored', () => {
    const answered = [{ data: [], colnames: [], coltypes: [], rowcount: 0, annotation_data: { Releases: RECORDS } }];
    expect(mergedAnnotationData(answered, { Snow: { records: [] } })).toEqual({
      Releases: RECORDS,
      Snow: { records: [] },
    });
    expect(mergedAnnotationData([{ data: [], colnames: [], coltypes: [], rowcount: 0 }], undefined)).toBeUndefined();
  });
});
