// Stable categorical colours: a label keeps its colour within a scheme across every chart of the page.
import { categoricalColors, DEFAULT_CATEGORICAL_SCHEME } from './color-schemes';

/** scheme → label → colour, in the order labels were first seen (Superset's shared label colours). */
const assigned = new Map<string, Map<string, string>>();
/** Colours a dashboard forces on labels (json_metadata.label_colors), whatever the scheme. */
let forced: Record<string, string> = {};

export function setForcedLabelColors(labelColors: Record<string, string> | null | undefined): void {
  forced = { ...(labelColors ?? {}) };
}

/** The label's colour in the scheme: forced colour first, else the label's earlier colour, else the next one. */
export function getColor(label: unknown, schemeId?: string | null): string {
  const name = label === null || label === undefined ? '<NULL>' : String(label);
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

/** Forgets assigned colours (tests, or a dashboard switching scheme). */
export function resetLabelColors(): void {
  assigned.clear();
  forced = {};
}

/**
 * A dashboard opening: colours assigned on an earlier page are forgotten, so a label's colour follows this dashboard
 * alone, and its json_metadata.label_colors are forced.
 */
export function startDashboardColors(labelColors: Record<string, string> | null | undefined): void {
  assigned.clear();
  setForcedLabelColors(labelColors);
}
