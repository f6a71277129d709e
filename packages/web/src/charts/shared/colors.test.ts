// Colours: the 186 contrast threshold, stable label colours, sequential scales and conditional formatting.
import { beforeEach, describe, expect, it } from 'vitest';
import { CATEGORICAL_SCHEMES } from './color-schemes';
import {
  CONTRAST_THRESHOLD,
  contrastTextColor,
  linearColorScale,
  overWhite,
  parseColor,
  pickerColor,
} from './color-utils';
import { cellColor, colorFormatters, ruleColorFunction } from './conditional-formatting';
import {
  applyDashboardLabelColors,
  drawnLabelColors,
  getColor,
  resetLabelColors,
  setForcedLabelColors,
  startDashboardColors,
  withChartLabels,
} from './label-colors';

describe('contrast', () => {
  it('text turns dark above a brightness of 186, light at or below it', () => {
    expect(CONTRAST_THRESHOLD).toBe(186);
    // 0.299·r + 0.587·g + 0.114·b: #bbbbbb is 187, #bababa is 186.
    expect(contrastTextColor('#bbbbbb')).toBe('#000000');
    expect(contrastTextColor('#bababa')).toBe('#ffffff');
    expect(contrastTextColor('rgba(0,122,135,1)')).toBe('#ffffff');
    expect(contrastTextColor('#FDE380')).toBe('#000000');
  });
  it('a translucent colour is read over white', () => {
    expect(overWhite('rgba(0,0,0,0.1)')).toBe('rgba(230,230,230,1)');
    expect(parseColor('#abc')).toEqual({ r: 170, g: 187, b: 204, a: 1 });
    expect(pickerColor({ r: 1, g: 2, b: 3, a: 0.5 }, '#000')).toBe('rgba(1,2,3,0.5)');
  });
});

describe('label colours', () => {
  beforeEach(() => resetLabelColors());
  it('a label keeps its colour across charts of the same scheme', () => {
    const first = getColor('Paris', 'supersetColors');
    getColor('London', 'supersetColors');
    expect(getColor('Paris', 'supersetColors')).toBe(first);
    expect(first).toBe(CATEGORICAL_SCHEMES.supersetColors?.colors[0]);
    expect(getColor('London', 'supersetColors')).toBe(CATEGORICAL_SCHEMES.supersetColors?.colors[1]);
  });
  it('colours forced by the dashboard win', () => {
    setForcedLabelColors({ Paris: '#123456' });
    expect(getColor('Paris', 'bnbColors')).toBe('#123456');
  });
  it('a dashboard opening forgets the colours of the page before and forces its own', () => {
    getColor('Rome', 'supersetColors');
    setForcedLabelColors({ Paris: '#123456' });
    startDashboardColors({ London: '#abcdef' });
    expect(getColor('Paris', 'supersetColors')).toBe(CATEGORICAL_SCHEMES.supersetColors?.colors[0]);
    expect(getColor('London', 'supersetColors')).toBe('#abcdef');
  });
});

describe('dashboard label colours', () => {
  beforeEach(() => resetLabelColors());
  const colors = CATEGORICAL_SCHEMES.supersetColors?.colors ?? [];
  it('notes the labels each chart colours, a redraw replacing what the chart drew before', () => {
    withChartLabels(1, () => [getColor('boy'), getColor('girl')]);
    withChartLabels(2, () => getColor('girl'));
    withChartLabels(3, () => getColor('other'));
    withChartLabels(3, () => getColor('girl'));
    const drawn = drawnLabelColors([1, 2, 3]);
    expect([...drawn.keys()]).toEqual([1, 2, 3]);
    expect(Object.fromEntries(drawn.get(3) ?? [])).toEqual({ girl: colors[1] });
    expect(Object.fromEntries(drawn.get(1) ?? [])).toEqual({ boy: colors[0], girl: colors[1] });
  });
  it('a load forces the saved shared colours whatever order the charts draw in, label_colors over them', () => {
    const metadata = {
      label_colors: {},
      shared_label_colors: { boy: colors[0] as string, girl: colors[1] as string },
      color_scheme_domain: colors,
    };
    applyDashboardLabelColors(metadata, null, { reset: true });
    // The chart that draws first names girl first; the saved colours hold all the same.
    expect(withChartLabels(2, () => [getColor('girl'), getColor('boy')])).toEqual([colors[1], colors[0]]);
    applyDashboardLabelColors({ ...metadata, label_colors: { boy: '#ff0000' } }, null);
    expect(getColor('boy')).toBe('#ff0000');
    expect(getColor('girl')).toBe(colors[1]);
  });
});

describe('sequential scale', () => {
  it('runs from the first to the last colour of the scheme and clamps', () => {
    const scale = linearColorScale('white_black', [0, 10]);
    expect(scale(0)).toBe('rgba(255,255,255,1)');
    expect(scale(10)).toBe('rgba(0,0,0,1)');
    expect(scale(20)).toBe('rgba(0,0,0,1)');
    expect(scale(null)).toBe('#cccccc');
  });
});

describe('conditional formatting', () => {
  it('a "greater than" rule colours values past the target, stronger towards the maximum', () => {
    const color = ruleColorFunction({ operator: '>', targetValue: 10, colorScheme: '#ff0000' }, [0, 10, 20, 30]);
    expect(color(5)).toBeUndefined();
    expect(color(30)).toBe('rgba(255,0,0,1)');
    const middle = parseColor(color(20) ?? '');
    expect(middle?.a).toBeGreaterThan(0.05);
    expect(middle?.a).toBeLessThan(1);
  });
  it('between rules need both bounds', () => {
    const color = ruleColorFunction(
      { operator: '≤ x ≤', targetValueLeft: 1, targetValueRight: 3, colorScheme: '#00ff00' },
      [0, 5],
    );
    expect(color(2)).toBeDefined();
    expect(color(4)).toBeUndefined();
  });
  it('rules apply to their own column only, the last matching one wins', () => {
    const formatters = colorFormatters(
      [
        { column: 'a', operator: '>', targetValue: 0, colorScheme: '#ff0000' },
        { column: 'a', operator: '=', targetValue: 5, colorScheme: '#0000ff' },
      ],
      [{ a: 5 }, { a: 1 }],
    );
    expect(cellColor(formatters, 'a', 5)).toBe('rgba(0,0,255,1)');
    expect(cellColor(formatters, 'b', 5)).toBeUndefined();
  });
});
