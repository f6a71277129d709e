// The world map's colour scale: countries fall into quantile classes (about as many countries in each), so a
// few very large values (China, the US) do not leave every other country in the palest colour.
import { linearColorScale } from '../shared/color-utils';

export interface ColorClass {
  /** The smallest value in the class. */
  from: number;
  /** The largest value in the class. */
  to: number;
  color: string;
}

export interface ColorLegend {
  min: number;
  max: number;
  classes: ColorClass[];
}

export const MAX_COLOR_CLASSES = 5;

/** The values' quantile classes: up to `count` of them, no two starting at the same value. */
export function quantileClasses(values: readonly number[], count = MAX_COLOR_CLASSES): Array<[number, number]> {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return [];
  const k = Math.max(1, Math.min(count, new Set(sorted).size));
  const starts: number[] = [];
  for (let i = 0; i < k; i += 1) {
    const previous = starts.at(-1);
    let start = sorted[Math.floor((i * sorted.length) / k)] as number;
    // A run of equal values spans the quantile: the class starts at the next larger value instead.
    if (previous !== undefined && start <= previous) {
      const next = sorted.find((value) => value > previous);
      if (next === undefined) break;
      start = next;
    }
    starts.push(start);
  }
  return starts.map((start, i) => {
    const next = starts[i + 1];
    const inClass = sorted.filter((value) => value >= start && (next === undefined || value < next));
    return [start, inClass.at(-1) ?? start];
  });
}

/** The legend (classes coloured along the sequential scheme) and the colour of a value; null without values. */
export function colorClasses(
  values: readonly number[],
  schemeId: string | null | undefined,
): { legend: ColorLegend; colorOf: (value: number | null) => string } | null {
  const ranges = quantileClasses(values);
  if (ranges.length === 0) return null;
  const shade = linearColorScale(schemeId, [0, Math.max(1, ranges.length - 1)]);
  const classes = ranges.map(([from, to], index) => ({
    from,
    to,
    color: ranges.length === 1 ? shade(1) : shade(index),
  }));
  const colorOf = (value: number | null) => {
    if (value === null || !Number.isFinite(value)) return '#cccccc';
    let match = classes[0] as ColorClass;
    for (const item of classes) if (value >= item.from) match = item;
    return match.color;
  };
  const first = classes[0] as ColorClass;
  const last = classes.at(-1) as ColorClass;
  return { legend: { min: first.from, max: last.to, classes }, colorOf };
}
