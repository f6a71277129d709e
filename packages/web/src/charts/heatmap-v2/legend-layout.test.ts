// The heatmap legend's place by cell size: never over the plot, never longer than the cell.
import { describe, expect, it } from 'vitest';
import { heatmapLegendLayout } from './legend-layout';

describe('heatmap legend layout', () => {
  it('a wide cell has the legend beside the plot, with room for its labels kept free', () => {
    const short = heatmapLegendLayout({ width: 800, height: 400, show: true, labelChars: 3 });
    const long = heatmapLegendLayout({ width: 800, height: 400, show: true, labelChars: 8 });
    expect(short.visualMap.orient).toBe('vertical');
    expect(long.grid.right).toBeGreaterThan(short.grid.right);
    // Bar, handle and 8 characters of label fit in the room left to the right of the plot.
    expect(long.grid.right).toBeGreaterThanOrEqual(20 + 12 + 8 * 7);
  });

  it('the vertical bar shrinks with a short cell', () => {
    const layout = heatmapLegendLayout({ width: 800, height: 120, show: true, labelChars: 4 });
    expect(layout.visualMap.itemHeight).toBeLessThanOrEqual(120 - 2 * 12);
  });

  it('a narrow cell has the legend under the plot, with room kept at the bottom', () => {
    const layout = heatmapLegendLayout({ width: 280, height: 240, show: true, labelChars: 5 });
    expect(layout.visualMap.orient).toBe('horizontal');
    expect(layout.grid.bottom).toBeGreaterThan(30);
    expect(layout.visualMap.itemHeight).toBeLessThanOrEqual(280);
  });

  it('no legend keeps the plot to the base margins', () => {
    expect(heatmapLegendLayout({ width: 800, height: 400, show: false, labelChars: 9 }).grid.right).toBe(16);
  });
});
