// Stable categorical colours: a label keeps its colour within a scheme across every chart of the page, and on a
// dashboard the colours it saved (shared_label_colors, label_colors) are forced on every load.
import { type DashboardMetadata, forcedLabelColors } from '@nezha/core';
import { categoricalColors, DEFAULT_CATEGORICAL_SCHEME } from './color-schemes';

/** scheme → label → colour, in the order labels were first seen (Superset's shared label colours). */
const assigned = new Map<string, Map<string, string>>();
/** Colours a dashboard forces on labels (json_metadata.label_colors, then shared_label_colors), whatever the scheme. */
let forced: Record<string, string> = {};
/** chart id → label → the colour it was drawn in: what a dashboard save writes as shared_label_colors. */
const drawn = new Map<number, Map<string, string>>();
/** The chart whose transformProps is running: getColor notes its labels against it. */
let drawing: number | null = null;

export function setForcedLabelColors(labelColors: Record<string, string> | null | undefined): void {
  forced = { ...(labelColors ?? {}) };
}

/** The label's colour in the scheme: forced colour first, else the label's earlier colour, else the next one. */
export function getColor(label: unknown, schemeId?: string | null): string {
  const name = label === null || label === undefined ? '<NULL>' : String(label);
  const color = colorOf(name, schemeId);
  if (drawing !== null) drawn.get(drawing)?.set(name, color);
  return color;
}

function colorOf(name: string, schemeId?: string | null): string {
  const forcedColor = forced[name];
  if (forcedColor) return forcedColor;
  const scheme = schemeId || DEFAULT_CATEGORICAL_SCHEME;
  let labels = assigned.get(scheme);
  if (!labels) {
    labels = new Map();
    assigned.set(scheme, labels);
  }
  const known = labels.get(name);
  if (known) return known;
  const colors = categoricalColors(scheme);
  const color = colors[labels.size % colors.length] as string;
  labels.set(name, color);
  return color;
}

/**
 * Runs a chart's transformProps noting the labels it colours against the chart (Superset's CategoricalColorScale
 * with a slice id). A chart drawn again replaces what it drew before.
 */
export function withChartLabels<T>(chartId: unknown, transform: () => T): T {
  const id = typeof chartId === 'number' ? chartId : Number(chartId);
  if (!Number.isInteger(id) || id <= 0) return transform();
  drawn.set(id, new Map());
  drawing = id;
  try {
    return transform();
  } finally {
    drawing = null;
  }
}

/** What the given charts drew: chart id → label → colour. */
export function drawnLabelColors(chartIds: readonly number[]): Map<number, Map<string, string>> {
  const result = new Map<number, Map<string, string>>();
  for (const id of chartIds) {
    const labels = drawn.get(id);
    if (labels && labels.size > 0) result.set(id, labels);
  }
  return result;
}

/** Forgets assigned colours (tests, or a dashboard switching scheme). */
export function resetLabelColors(): void {
  assigned.clear();
  drawn.clear();
  forced = {};
}

/**
 * A dashboard opening: colours assigned on an earlier page are forgotten, so a label's colour follows this dashboard
 * alone, and the given colours are forced.
 */
export function startDashboardColors(labelColors: Record<string, string> | null | undefined): void {
  assigned.clear();
  drawn.clear();
  setForcedLabelColors(labelColors);
}

/**
 * The colours a dashboard's metadata forces under its scheme: label_colors over shared_label_colors (core's
 * forcedLabelColors). Applied on load and again when the properties dialog changes the metadata or the scheme, so
 * the charts redraw with them without a reload.
 */
export function applyDashboardLabelColors(
  metadata: Pick<DashboardMetadata, 'label_colors' | 'shared_label_colors' | 'color_scheme_domain'>,
  schemeId: string | null | undefined,
  options: { reset?: boolean } = {},
): void {
  const colors = forcedLabelColors(metadata, categoricalColors(schemeId || DEFAULT_CATEGORICAL_SCHEME));
  if (options.reset) startDashboardColors(colors);
  else setForcedLabelColors(colors);
}
