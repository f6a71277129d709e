// World map: country values by ISO alpha-3, alpha-2 or name, coloured by metric or country.
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../test-utils';
import buildQuery from './build-query';
import { countryOfFeature, toAlpha3 } from './country-codes';
import transformProps from './transform-props';
import { largestPolygonCentroid, unwrapRing } from './world-atlas';
import { matchCountries, worldMapOption } from './world-map-option';

const formData = {
  datasource: '1__table',
  viz_type: 'world_map',
  entity: 'iso_code',
  country_fieldtype: 'cca3',
  metric: SUM_NUM,
};

describe('world_map', () => {
  it('queries the metric per country value', () => {
    expect(buildQuery({ ...formData, sort_by_metric: true }).queries[0]).toMatchObject({
      columns: ['iso_code'],
      orderby: [[SUM_NUM, false]],
    });
  });

  it('reads alpha-3 (OWID iso_code), alpha-2 and English names', () => {
    expect(toAlpha3('FRA', 'cca3')).toBe('FRA');
    expect(toAlpha3('fr', 'cca2')).toBe('FRA');
    expect(toAlpha3('United States', 'name')).toBe('USA');
    expect(toAlpha3('Democratic Republic of Congo', 'name')).toBe('COD');
    expect(toAlpha3('OWID_KOS', 'cca3')).toBe('XKX');
    expect(toAlpha3('OWID_WRL', 'cca3')).toBeUndefined();
    expect(countryOfFeature('250', 'France')?.alpha3).toBe('FRA');
    expect(countryOfFeature(undefined, 'Kosovo')?.alpha3).toBe('XKX');
  });

  it('colours countries along the linear scheme by metric', () => {
    const props = transformProps(
      chartProps({ ...formData, linear_color_scheme: 'white_black' }, [
        answer([
          { iso_code: 'FRA', 'SUM(num)': 0 },
          { iso_code: 'CHN', 'SUM(num)': 10 },
        ]),
      ]),
    );
    expect(props.countries.map((country) => [country.key, country.color])).toEqual([
      ['FRA', 'rgba(255,255,255,1)'],
      ['CHN', 'rgba(0,0,0,1)'],
    ]);
    expect(matchCountries(props).map((country) => country.alpha3)).toEqual(['FRA', 'CHN']);
    expect(props.bubbleColor).toBe('rgba(0,122,135,1)');
  });

  it('rings across the antimeridian fold onto it instead of streaking across the map', () => {
    const ring = [
      [170, 60],
      [180, 62],
      [-175, 64],
      [175, 66],
      [170, 60],
    ];
    expect(unwrapRing(ring).map(([lon]) => lon)).toEqual([170, 180, 180, 175, 170]);
    const square = {
      type: 'Polygon' as const,
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(largestPolygonCentroid(square)).toEqual([1, 1]);
  });

  it('fits the map in its box without stretching it', () => {
    const props = transformProps(chartProps(formData, [answer([{ iso_code: 'FRA', 'SUM(num)': 1 }])]));
    const option = worldMapOption(props, { centroids: new Map() }, () => false);
    expect(option.geo).toMatchObject({ aspectScale: 1, preserveAspect: 'contain' });
  });
});
