// A dashboard's label colours (Superset 4's shared label colours): on save, the colour of every label drawn by
// more than one chart is written to json_metadata.shared_label_colors with the scheme's colours in
// color_scheme_domain; on load, those colours are forced (label_colors, the author's own, win over them), so a label
// keeps one colour on every chart, on every load and in every browser, whatever order the charts answer in.

/** What save writes: shared label → colour, and the colours of the scheme they were taken from. */
export interface SharedLabelColors {
  shared_label_colors: Record<string, string>;
  color_scheme_domain: string[];
}

/**
 * Labels drawn by two charts or more, each with the colour it was drawn in (the first chart's, in chart id order,
 * should two charts disagree), keys sorted so that an unchanged dashboard saves the same JSON.
 */
export function sharedLabelColors(
  drawnByChart: ReadonlyMap<number, ReadonlyMap<string, string>>,
  schemeColors: readonly string[],
): SharedLabelColors {
  const seenIn = new Map<string, { count: number; color: string }>();
  for (const chartId of [...drawnByChart.keys()].sort((a, b) => a - b)) {
    for (const [label, color] of drawnByChart.get(chartId) ?? []) {
      const known = seenIn.get(label);
      if (known) known.count += 1;
      else seenIn.set(label, { count: 1, color });
    }
  }
  const shared = [...seenIn.entries()]
    .filter(([, { count }]) => count > 1)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return {
    shared_label_colors: Object.fromEntries(shared.map(([label, { color }]) => [label, color])),
    color_scheme_domain: [...schemeColors],
  };
}

function sameColors(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((color, index) => color.toLowerCase() === b[index]?.toLowerCase());
}

/**
 * The colours a dashboard forces on load. shared_label_colors comes as a label → colour map (Superset 4.0 and
 * Nezha) or as a list of labels (later Superset): a list takes the scheme's colours in its order. Shared colours
 * saved under another scheme (color_scheme_domain differs from the scheme's colours now) are stale and dropped, as
 * Superset resets them when the scheme changes. label_colors always wins.
 */
export function forcedLabelColors(
  metadata: {
    label_colors?: Record<string, string> | null;
    shared_label_colors?: readonly string[] | Record<string, string> | null;
    color_scheme_domain?: readonly string[] | null;
  },
  schemeColors: readonly string[],
): Record<string, string> {
  const domain = metadata.color_scheme_domain ?? [];
  const stale = domain.length > 0 && !sameColors(domain, schemeColors);
  const shared: Record<string, string> = {};
  const saved = metadata.shared_label_colors;
  if (!stale && saved && schemeColors.length > 0) {
    if (Array.isArray(saved)) {
      saved.forEach((label, index) => {
        shared[label] = schemeColors[index % schemeColors.length] as string;
      });
    } else {
      for (const [label, color] of Object.entries(saved)) if (typeof color === 'string') shared[label] = color;
    }
  }
  return { ...shared, ...(metadata.label_colors ?? {}) };
}
