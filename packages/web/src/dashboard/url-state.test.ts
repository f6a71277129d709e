// The dashboard URL: reserved parameters, display modes, the UI-config mask and the native filters' state.
import { describe, expect, it } from 'vitest';
import {
  chromeOf,
  dashboardPath,
  decodeNativeFilters,
  encodeNativeFilters,
  nativeFilterMasks,
  parseDashboardUrl,
  parseFilterStateValue,
} from './url-state';

describe('dashboard URL', () => {
  it('reads edit, the focused chart and keeps other parameters as regular ones', () => {
    const url = parseDashboardUrl('?edit=true&focused_chart=12&foo=bar');
    expect(url).toMatchObject({ edit: true, focusedChartId: 12, urlParams: [['foo', 'bar']] });
  });

  it('standalone picks a display mode and the bit mask hides title 1, tab 2, nav 4, chart controls 8', () => {
    expect(chromeOf(parseDashboardUrl('?standalone=1'))).toMatchObject({ hideNav: true, hideTitle: false });
    expect(chromeOf(parseDashboardUrl('?standalone=2'))).toMatchObject({ hideNav: true, hideTitle: true });
    expect(chromeOf(parseDashboardUrl('?standalone=3'))).toMatchObject({
      hideChartControls: true,
      hideFilterBar: true,
    });
    expect(chromeOf(parseDashboardUrl('?uiConfig=15'))).toEqual({
      hideNav: true,
      hideTitle: true,
      hideTab: true,
      hideChartControls: true,
      hideFilterBar: false,
    });
    expect(chromeOf(parseDashboardUrl(''))).toMatchObject({ hideNav: false, hideTitle: false, hideTab: false });
  });

  it('native filter masks go into the URL and come back', () => {
    const mask = {
      id: 'NATIVE_FILTER-1',
      extraFormData: { filters: [{ col: 'weather', op: 'IN' as const, val: ['sun'] }] },
      filterState: { value: ['sun'] },
    };
    const text = encodeNativeFilters({ 'NATIVE_FILTER-1': mask, 3: { id: '3', filterState: { value: 1 } } }, [
      'NATIVE_FILTER-1',
    ]);
    expect(decodeNativeFilters(text)).toEqual({
      'NATIVE_FILTER-1': { extraFormData: mask.extraFormData, filterState: mask.filterState },
    });
    expect(parseDashboardUrl(`?native_filters=${encodeURIComponent(text)}`).nativeFilters).not.toBeNull();
  });

  it('the masks stored under native_filters_key are the native filters only, and come back from their JSON', () => {
    const dataMask = {
      'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', filterState: { value: ['sun'] }, ownState: { page: 2 } },
      12: { id: '12', extraFormData: { filters: [] } },
    };
    const masks = nativeFilterMasks(dataMask, ['NATIVE_FILTER-1', 'NATIVE_FILTER-2']);
    expect(masks).toEqual({
      'NATIVE_FILTER-1': { id: 'NATIVE_FILTER-1', extraFormData: {}, filterState: { value: ['sun'] } },
    });
    expect(parseFilterStateValue(JSON.stringify(masks))).toEqual({
      'NATIVE_FILTER-1': { extraFormData: {}, filterState: { value: ['sun'] } },
    });
    expect(parseDashboardUrl('?native_filters_key=abc').nativeFiltersKey).toBe('abc');
  });

  it('a malformed stored filter state is ignored', () => {
    expect(parseFilterStateValue('{broken')).toBeNull();
    expect(parseFilterStateValue('[1]')).toBeNull();
  });

  it('a malformed native_filters parameter is ignored', () => {
    expect(decodeNativeFilters('(broken')).toBeNull();
    expect(decodeNativeFilters('!(1,2)')).toBeNull();
  });

  it('the path uses the slug when there is one', () => {
    expect(dashboardPath({ id: 3, slug: 'births' })).toBe('/nezha/dashboard/births/');
    expect(dashboardPath({ id: 3, slug: null })).toBe('/nezha/dashboard/3/');
  });
});
