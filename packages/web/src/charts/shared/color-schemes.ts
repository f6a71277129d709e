// Colour schemes: Superset's categorical palettes (by label) and sequential ramps (by value).
import { i18nKey } from '../../i18n/i18n';

export interface ColorScheme {
  id: string;
  label: string;
  colors: string[];
}

export const DEFAULT_CATEGORICAL_SCHEME = 'supersetColors';
export const DEFAULT_SEQUENTIAL_SCHEME = 'superset_seq_1';

export const CATEGORICAL_SCHEMES: Record<string, ColorScheme> = {
  supersetColors: {
    id: 'supersetColors',
    label: i18nKey('Superset Colors'),
    colors: [
      '#1FA8C9',
      '#454E7C',
      '#5AC189',
      '#FF7F44',
      '#666666',
      '#E04355',
      '#FCC700',
      '#A868B7',
      '#3CCCCB',
      '#A38F79',
      '#8FD3E4',
      '#A1A6BD',
      '#ACE1C4',
      '#FEC0A1',
      '#B2B2B2',
      '#EFA1AA',
      '#FDE380',
      '#D3B3DA',
      '#9EE5E5',
      '#D1C6BC',
    ],
  },
  bnbColors: {
    id: 'bnbColors',
    label: i18nKey('Airbnb Colors'),
    colors: [
      '#ff5a5f',
      '#7b0051',
      '#007A87',
      '#00d1c1',
      '#8ce071',
      '#ffb400',
      '#b4a76c',
      '#ff8083',
      '#cc0086',
      '#00a1b3',
      '#00ffeb',
      '#bbedab',
      '#ffd266',
      '#cbc29a',
      '#ff3339',
      '#ff1ab1',
      '#005c66',
      '#00b3a5',
      '#55d12e',
      '#b37e00',
      '#988b4e',
    ],
  },
  googleCategory10c: {
    id: 'googleCategory10c',
    label: i18nKey('Google Category 10c'),
    colors: [
      '#3366cc',
      '#dc3912',
      '#ff9900',
      '#109618',
      '#990099',
      '#0099c6',
      '#dd4477',
      '#66aa00',
      '#b82e2e',
      '#316395',
    ],
  },
  d3Category10: {
    id: 'd3Category10',
    label: i18nKey('D3 Category 10'),
    colors: [
      '#1f77b4',
      '#ff7f0e',
      '#2ca02c',
      '#d62728',
      '#9467bd',
      '#8c564b',
      '#e377c2',
      '#7f7f7f',
      '#bcbd22',
      '#17becf',
    ],
  },
  echarts4Colors: {
    id: 'echarts4Colors',
    label: i18nKey('ECharts v4.x Colors'),
    colors: [
      '#c23531',
      '#2f4554',
      '#61a0a8',
      '#d48265',
      '#91c7ae',
      '#749f83',
      '#ca8622',
      '#bda29a',
      '#6e7074',
      '#546570',
      '#c4ccd3',
    ],
  },
  presetColors: {
    id: 'presetColors',
    label: i18nKey('Preset Colors'),
    colors: ['#6BD3B3', '#FCC550', '#408184', '#66CBE2', '#EE5A52', '#5E4C84', '#A0BF8C', '#C19B5A', '#FF9E9A'],
  },
};

export const SEQUENTIAL_SCHEMES: Record<string, ColorScheme> = {
  superset_seq_1: {
    id: 'superset_seq_1',
    label: i18nKey('Superset Sequential #1'),
    colors: [
      '#F4FAD4',
      '#D7F1AC',
      '#A9E3AF',
      '#82CDBB',
      '#63C1BF',
      '#1FA8C9',
      '#2367AC',
      '#2A2D84',
      '#251354',
      '#050415',
    ],
  },
  superset_seq_2: {
    id: 'superset_seq_2',
    label: i18nKey('Superset Sequential #2'),
    colors: [
      '#FBF1B4',
      '#FDD093',
      '#FEAD71',
      '#FF7F44',
      '#E04355',
      '#C53D6F',
      '#952B7B',
      '#4F167B',
      '#251354',
      '#050415',
    ],
  },
  blue_white_yellow: {
    id: 'blue_white_yellow',
    label: i18nKey('blue/white/yellow'),
    colors: ['#00d1c1', 'white', '#ffb400'],
  },
  fire: { id: 'fire', label: i18nKey('fire'), colors: ['white', 'yellow', 'red', 'black'] },
  white_black: { id: 'white_black', label: i18nKey('white/black'), colors: ['white', 'black'] },
  blues: { id: 'blues', label: i18nKey('blues'), colors: ['#eff3ff', '#6baed6', '#08519c'] },
  greens: { id: 'greens', label: i18nKey('greens'), colors: ['#edf8e9', '#74c476', '#006d2c'] },
  oranges: { id: 'oranges', label: i18nKey('oranges'), colors: ['#fef0d9', '#fc8d59', '#b30000'] },
  red_yellow_blue: {
    id: 'red_yellow_blue',
    label: i18nKey('red/yellow/blue'),
    colors: ['#d7191c', '#fdae61', '#ffffbf', '#abd9e9', '#2c7bb6'],
  },
};

export const CATEGORICAL_SCHEME_CHOICES: Array<[string, string]> = Object.values(CATEGORICAL_SCHEMES).map((scheme) => [
  scheme.id,
  scheme.label,
]);
export const SEQUENTIAL_SCHEME_CHOICES: Array<[string, string]> = Object.values(SEQUENTIAL_SCHEMES).map((scheme) => [
  scheme.id,
  scheme.label,
]);

export function categoricalColors(schemeId?: string | null): string[] {
  return (CATEGORICAL_SCHEMES[schemeId ?? ''] ?? (CATEGORICAL_SCHEMES[DEFAULT_CATEGORICAL_SCHEME] as ColorScheme))
    .colors;
}

export function sequentialColors(schemeId?: string | null): string[] {
  return (SEQUENTIAL_SCHEMES[schemeId ?? ''] ?? (SEQUENTIAL_SCHEMES[DEFAULT_SEQUENTIAL_SCHEME] as ColorScheme)).colors;
}
