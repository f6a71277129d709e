// The world map's quantile colour classes and their legend.
import { describe, expect, it } from 'vitest';
import { colorClasses, quantileClasses } from './color-classes';

describe('world map colour classes', () => {
  it('splits skewed values into classes of about equal counts, not equal widths', () => {
    const values = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10000];
    expect(quantileClasses(values, 5)).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [7, 8],
      [9, 10000],
    ]);
  });

  it('repeated values never make two classes start at the same value', () => {
    expect(quantileClasses([0, 0, 0, 0, 0, 0, 1, 2], 4)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('the legend spans the data, min to max, and every class has its own colour', () => {
    const scale = colorClasses([3, 50, 7, 900, 12, 40, 1], 'superset_seq_1');
    expect(scale?.legend.min).toBe(1);
    expect(scale?.legend.max).toBe(900);
    const colors = scale?.legend.classes.map((item) => item.color) ?? [];
    expect(new Set(colors).size).toBe(colors.length);
    expect(scale?.colorOf(1)).toBe(colors[0]);
    expect(scale?.colorOf(900)).toBe(colors.at(-1));
  });

  it('a lone value gets the scheme’s strongest colour; no values, no scale', () => {
    expect(colorClasses([5], 'white_black')?.legend.classes).toEqual([{ from: 5, to: 5, color: 'rgba(0,0,0,1)' }]);
    expect(colorClasses([], 'white_black')).toBeNull();
  });
});
