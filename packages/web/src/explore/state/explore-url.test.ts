// The explore URL of spec §2: what it reads, what it keeps for permalinks, what explore writes back.
import { describe, expect, it } from 'vitest';
import { datasetExploreUrl, exploreUrlOf, parseExploreUrl } from './explore-url';

describe('parseExploreUrl', () => {
  it('reads sliceId and slice_id', () => {
    expect(parseExploreUrl('/explore/', '?sliceId=12').sliceId).toBe(12);
    expect(parseExploreUrl('/explore/', '?slice_id=13').sliceId).toBe(13);
  });

  it('reads dashboardId, vizType, standalone and force', () => {
    const state = parseExploreUrl('/explore/', '?dashboardId=4&vizType=pie&standalone=1&force=true');
    expect(state).toMatchObject({ dashboardId: 4, vizType: 'pie', standalone: true, force: true });
  });

  it('reads a datasource key', () => {
    expect(parseExploreUrl('/explore/', '?datasource=12__table')).toMatchObject({
      datasourceId: 12,
      datasourceType: 'table',
    });
  });

  it('reads datasource_id with datasource_type, defaulting to a table', () => {
    expect(parseExploreUrl('/explore/', '?datasource_type=table&datasource_id=7')).toMatchObject({
      datasourceId: 7,
      datasourceType: 'table',
    });
    expect(parseExploreUrl('/explore/', '?datasource_id=7').datasourceType).toBe('table');
  });

  it('reads the form data key and a permalink path', () => {
    expect(parseExploreUrl('/explore/', '?form_data_key=abc').formDataKey).toBe('abc');
    expect(parseExploreUrl('/explore/p/Xy9/', '').permalinkKey).toBe('Xy9');
  });

  it('takes the hash without its leading # as the anchor', () => {
    expect(parseExploreUrl('/explore/', '?slice_id=1', '#chart-top').anchor).toBe('chart-top');
    expect(parseExploreUrl('/explore/', '', '').anchor).toBeUndefined();
  });

  it('keeps the other parameters for permalinks', () => {
    const state = parseExploreUrl('/explore/', '?slice_id=1&country=FR&foo=bar');
    expect(state.urlParams).toEqual({ country: 'FR', foo: 'bar' });
  });

  it('ignores ids that are not positive integers', () => {
    const state = parseExploreUrl('/explore/', '?slice_id=abc&datasource_id=-1&dashboard_id=0');
    expect(state.sliceId).toBeUndefined();
    expect(state.datasourceId).toBeUndefined();
    expect(state.dashboardId).toBeUndefined();
  });

  it('reads a form data object and ignores broken JSON', () => {
    expect(parseExploreUrl('/explore/', `?form_data=${encodeURIComponent('{"viz_type":"pie"}')}`).formData).toEqual({
      viz_type: 'pie',
    });
    expect(parseExploreUrl('/explore/', '?form_data=%7Bbroken').formData).toBeUndefined();
  });

  it('standalone is off unless 1 or true', () => {
    expect(parseExploreUrl('/explore/', '?standalone=0').standalone).toBe(false);
    expect(parseExploreUrl('/explore/', '?standalone=true').standalone).toBe(true);
  });
});

describe('exploreUrlOf', () => {
  it('carries the form data key, the chart, its URL parameters and the anchor', () => {
    expect(exploreUrlOf({ formDataKey: 'k1', sliceId: 5, urlParams: { a: 'b' }, anchor: 'x' })).toBe(
      '/explore/?form_data_key=k1&slice_id=5&a=b#x',
    );
    expect(exploreUrlOf({})).toBe('/explore/');
  });

  it('links a dataset to explore', () => {
    expect(datasetExploreUrl(3)).toBe('/explore/?datasource_type=table&datasource_id=3');
  });
});

describe('opening a semantic entity', () => {
  it('measure_id, cohort_id and saved_column_id name the entity to edit and are not URL parameters', () => {
    expect(parseExploreUrl('/explore/', '?measure_id=4').semanticEntity).toEqual({ kind: 'measure', id: 4 });
    expect(parseExploreUrl('/explore/', '?cohort_id=2&x=1')).toMatchObject({
      semanticEntity: { kind: 'cohort', id: 2 },
      urlParams: { x: '1' },
    });
    expect(parseExploreUrl('/explore/', '?saved_column_id=9').semanticEntity).toEqual({ kind: 'column', id: 9 });
    expect(parseExploreUrl('/explore/', '?measure_id=abc').semanticEntity).toBeUndefined();
  });
});
