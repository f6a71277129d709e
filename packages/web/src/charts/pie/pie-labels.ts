// Pie labels by cell size: a pie too small for readable labels hides them and names its slices in a legend
// instead; a larger one keeps the labels the form data asks for and drops the ones that would overlap.

export interface PieLabelInput {
  width: number;
  height: number;
  /** The form data asks for labels. */
  showLabels: boolean;
  /** The form data asks for a legend. */
  legend: boolean;
}

export interface PieLabelLayout {
  /** Labels drawn on or beside the slices. */
  labels: boolean;
  /** A legend names the slices. */
  legend: boolean;
}

/** Below this side (px) labels beside a pie leave it no room, and labels on it do not fit its slices. */
export const PIE_LABEL_MIN_SIDE = 260;
/** Below this height (px) a legend would take the room of the pie itself. */
export const PIE_LEGEND_MIN_HEIGHT = 140;

export function pieLabelLayout({ width, height, showLabels, legend }: PieLabelInput): PieLabelLayout {
  const small = Math.min(width, height) < PIE_LABEL_MIN_SIDE;
  if (!small) return { labels: showLabels, legend };
  // The names move from the labels to a legend, when the cell is tall enough to hold one.
  return { labels: false, legend: legend || (showLabels && height >= PIE_LEGEND_MIN_HEIGHT) };
}
