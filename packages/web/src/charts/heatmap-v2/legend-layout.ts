// Where the heatmap's colour legend goes for the cell's size, and the room the plot leaves it: beside the plot
// when the cell is wide enough, under it otherwise; its bar shrinks with the cell instead of running past it.

export interface HeatmapLegendInput {
  width: number;
  height: number;
  show: boolean;
  /** The legend's longest label (its min or max formatted), in characters. */
  labelChars: number;
}

export interface HeatmapLegendLayout {
  /** Room kept free of the plot (and its axis labels) on each side. */
  grid: { top: number; right: number; bottom: number; left: number };
  /** ECharts visualMap placement. */
  visualMap: {
    orient: 'vertical' | 'horizontal';
    itemWidth: number;
    itemHeight: number;
    right?: number;
    top?: number | 'center';
    bottom?: number;
    left?: number | 'center';
    align: 'left' | 'right' | 'auto';
  };
}

/** Pixels per character of the legend's 12px labels (digits and SI suffixes), rounded up. */
const CHAR_PX = 8;
/** The colour bar's thickness and the drag handle beside it. */
const BAR = 20;
const HANDLE = 20;
const GAP = 8;
/** A vertical legend needs this much width for the plot to keep its share. */
const SIDE_LEGEND_MIN_WIDTH = 360;
const BASE = { top: 12, right: 16, bottom: 12, left: 12 };

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));

export function heatmapLegendLayout({ width, height, show, labelChars }: HeatmapLegendInput): HeatmapLegendLayout {
  const labelWidth = Math.ceil(labelChars * CHAR_PX);
  if (!show) {
    return {
      grid: BASE,
      visualMap: { orient: 'vertical', itemWidth: BAR, itemHeight: 0, right: 4, top: 'center', align: 'left' },
    };
  }
  if (width >= SIDE_LEGEND_MIN_WIDTH) {
    // The bar's handle labels go to its right (align 'left' puts the bar left of them), away from the plot; ECharts
    // places the whole legend box, labels included, 4px from the edge.
    const legendWidth = BAR + HANDLE + labelWidth + GAP;
    return {
      grid: { ...BASE, right: legendWidth + 3 * GAP },
      visualMap: {
        orient: 'vertical',
        itemWidth: BAR,
        itemHeight: clamp(height - 2 * (HANDLE + 16), 30, 160),
        right: 4,
        top: 'center',
        align: 'left',
      },
    };
  }
  // Under the plot, centred; the handle labels sit beside the bar's ends.
  const legendHeight = BAR + HANDLE + 8;
  return {
    grid: { ...BASE, bottom: legendHeight + GAP + 4 },
    visualMap: {
      orient: 'horizontal',
      itemWidth: 12,
      itemHeight: clamp(width - 2 * (labelWidth + HANDLE + GAP), 30, 200),
      left: 'center',
      bottom: 4,
      align: 'auto',
    },
  };
}
