// The world map's ECharts option once the atlas is loaded: filled countries, optional bubbles, tooltips.
import { tooltipHtml } from '../shared/tooltip';
import { countryName, toAlpha3 } from './country-codes';
import type { WorldMapProps } from './transform-props';
import { WORLD_MAP_LEGEND_HEIGHT } from './WorldMapLegend';
import { WORLD_MAP_NAME, type WorldAtlas } from './world-atlas';

export interface MatchedCountry {
  alpha3: string;
  key: string;
  metric: number | null;
  secondary: number | null;
  color: string;
}

export function matchCountries(props: WorldMapProps): MatchedCountry[] {
  const seen = new Set<string>();
  const matched: MatchedCountry[] = [];
  for (const country of props.countries) {
    const alpha3 = toAlpha3(country.key, props.fieldType);
    if (!alpha3 || seen.has(alpha3)) continue;
    seen.add(alpha3);
    matched.push({ alpha3, ...country });
  }
  return matched;
}

export function worldMapOption(props: WorldMapProps, atlas: WorldAtlas, dimmed: (key: string) => boolean) {
  const countries = matchCountries(props);
  const largest = Math.max(...countries.map((country) => Math.abs(country.secondary ?? 0)), 0);
  const label = (alpha3: string) => countryName(alpha3) ?? alpha3;
  const rows = (country: MatchedCountry) => [
    { name: props.metricName, value: props.formatter(country.metric) },
    ...(props.secondaryName && props.showBubbles
      ? [{ name: props.secondaryName, value: props.formatter(country.secondary) }]
      : []),
  ];
  const byAlpha3 = new Map(countries.map((country) => [country.alpha3, country]));
  return {
    animation: false,
    tooltip: {
      trigger: 'item',
      confine: true,
      formatter: (params: { name: string; seriesType: string; data?: { alpha3?: string } }) => {
        const alpha3 = params.data?.alpha3 ?? params.name;
        const country = byAlpha3.get(alpha3);
        return country ? tooltipHtml(label(alpha3), rows(country)) : tooltipHtml(label(alpha3), []);
      },
    },
    geo: {
      map: WORLD_MAP_NAME,
      roam: false,
      // The box the map fits in. With all four sides given ECharts stretches the map to the box unless told to
      // keep its proportions (plate carrée: one degree is one degree either way), centred in the box.
      left: 8,
      right: 8,
      top: 8,
      // Room for the colour legend under the map.
      bottom: props.legend ? 8 + WORLD_MAP_LEGEND_HEIGHT : 8,
      aspectScale: 1,
      preserveAspect: 'contain',
      silent: false,
      itemStyle: { areaColor: '#eeeeee', borderColor: '#ffffff', borderWidth: 0.5 },
      emphasis: { label: { show: false }, itemStyle: { areaColor: '#cfd8dc' } },
      select: { disabled: true },
      regions: countries.map((country) => ({
        name: country.alpha3,
        itemStyle: { areaColor: country.color, opacity: dimmed(country.key) ? 0.3 : 1 },
        emphasis: { itemStyle: { areaColor: country.color, borderColor: '#333', borderWidth: 1 } },
      })),
    },
    series: [
      {
        type: 'map',
        id: 'countries',
        geoIndex: 0,
        data: countries.map((country) => ({
          name: country.alpha3,
          value: country.metric,
          alpha3: country.alpha3,
          key: country.key,
        })),
      },
      ...(props.showBubbles
        ? [
            {
              type: 'scatter',
              id: 'bubbles',
              coordinateSystem: 'geo',
              itemStyle: { color: props.bubbleColor, opacity: 0.7, borderColor: '#fff', borderWidth: 1 },
              data: countries.flatMap((country) => {
                const centre = atlas.centroids.get(country.alpha3);
                if (!centre || largest === 0) return [];
                return [
                  {
                    name: country.alpha3,
                    alpha3: country.alpha3,
                    key: country.key,
                    value: [...centre, country.secondary],
                    symbolSize: Math.sqrt(Math.abs(country.secondary ?? 0) / largest) * props.maxBubbleSize * 2,
                  },
                ];
              }),
            },
          ]
        : []),
    ],
  };
}
