// World map transformProps: each row's country value, metric, bubble size and fill colour. Matching values to
// shapes happens in the lazily loaded component, with the atlas.
import { FIXED_COLOR } from '@nezha/core';
import { pickerColor } from '../shared/color-utils';
import { columnLabels, firstResult, metricLabel, stringOr, toNumber, verboseName } from '../shared/form-data';
import { getColor } from '../shared/label-colors';
import { getNumberFormatter, type NumberFormatter } from '../shared/number-format';
import type { ChartProps, FilterState } from '../types';
import { type ColorLegend, colorClasses } from './color-classes';
import { toAlpha3 } from './country-codes';

export interface WorldMapCountry {
  /** The value as the data holds it (a code or a name). */
  key: string;
  metric: number | null;
  secondary: number | null;
  color: string;
}

export interface WorldMapProps {
  countries: WorldMapCountry[];
  fieldType: string;
  showBubbles: boolean;
  maxBubbleSize: number;
  bubbleColor: string;
  metricName: string;
  secondaryName: string | null;
  formatter: NumberFormatter;
  /** The colour classes' legend; null when countries are coloured by name or there is no value. */
  legend: ColorLegend | null;
  groupby: string[];
  filterState?: FilterState;
}

export default function transformProps(chartProps: ChartProps): WorldMapProps {
  const { formData } = chartProps;
  const result = firstResult(chartProps);
  const entity = columnLabels(formData.entity)[0] ?? '';
  const metric = metricLabel(formData.metric) ?? '';
  const secondary = metricLabel(formData.secondary_metric);
  const fieldType = stringOr(formData.country_fieldtype, 'cca2');
  // The scale spans the countries drawn: rows that name no country (OWID's World and continents) would otherwise
  // stretch it so far that every country gets the palest colour.
  const values = result.data
    .filter((row) => row[entity] !== null && row[entity] !== undefined && toAlpha3(String(row[entity]), fieldType))
    .map((row) => toNumber(row[metric]))
    .filter((value): value is number => value !== null);
  const byCountry = formData.color_by === 'country';
  const scale = byCountry ? null : colorClasses(values, stringOr(formData.linear_color_scheme, 'superset_seq_1'));
  const scheme = stringOr(formData.color_scheme, 'supersetColors');
  const countries = result.data
    .filter((row) => row[entity] !== null && row[entity] !== undefined)
    .map((row) => {
      const key = String(row[entity]);
      const value = toNumber(row[metric]);
      return {
        key,
        metric: value,
        secondary: secondary ? toNumber(row[secondary]) : value,
        color: scale ? scale.colorOf(value) : getColor(key, scheme),
      };
    });
  return {
    countries,
    fieldType,
    showBubbles: formData.show_bubbles === true,
    maxBubbleSize: toNumber(formData.max_bubble_size) ?? 25,
    bubbleColor: pickerColor(formData.color_picker, FIXED_COLOR),
    metricName: verboseName(chartProps, metric),
    secondaryName: secondary ? verboseName(chartProps, secondary) : null,
    formatter: getNumberFormatter(stringOr(formData.y_axis_format, 'SMART_NUMBER')),
    legend: scale?.legend ?? null,
    groupby: [entity],
    ...(chartProps.filterState ? { filterState: chartProps.filterState } : {}),
  };
}
