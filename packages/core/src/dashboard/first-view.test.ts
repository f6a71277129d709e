import { describe, expect, it } from 'vitest';
import { chartsInFirstView } from './first-view.js';
import { loadLayout } from './layout-load.js';

const chart = (chartId: number, height?: number) => ({
  type: 'CHART',
  children: [],
  meta: { chartId, width: 4, ...(height ? { height } : {}) },
});

// Rows of 400 px charts (50 units of 8 px) with 16 px gutters: tops at 0, 416, 832, 1248.
const rows = loadLayout({
  ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
  GRID_ID: { type: 'GRID', children: ['ROW-1', 'ROW-2', 'ROW-3', 'ROW-4'] },
  'ROW-1': { type: 'ROW', children: ['CHART-1', 'CHART-2'] },
  'ROW-2': { type: 'ROW', children: ['CHART-3', 'COLUMN-1'] },
  'COLUMN-1': { type: 'COLUMN', children: ['CHART-4', 'CHART-5'], meta: { width: 4 } },
  'ROW-3': { type: 'ROW', children: ['CHART-6'] },
  'ROW-4': { type: 'ROW', children: ['CHART-7'] },
  'CHART-1': chart(1),
  'CHART-2': chart(2),
  'CHART-3': chart(3),
  'CHART-4': chart(4, 20),
  'CHART-5': chart(5, 20),
  'CHART-6': chart(6),
  'CHART-7': chart(7),
});

describe('charts in the first view', () => {
  it('keeps the charts whose top is inside the height, in display order', () => {
    expect(chartsInFirstView(rows, [], 400)).toEqual([1, 2]);
    // Row 2 starts at 416; the column stacks 160 px and a gutter: chart 5 starts at 592.
    expect(chartsInFirstView(rows, [], 500)).toEqual([1, 2, 3, 4]);
    expect(chartsInFirstView(rows, [], 600)).toEqual([1, 2, 3, 4, 5]);
    expect(chartsInFirstView(rows, [], 10_000)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('a row is as tall as its tallest child', () => {
    // Row 2's chart 3 (400 px) outgrows its column (336 px): row 3 starts at 416 + 400 + 16 = 832.
    expect(chartsInFirstView(rows, [], 832)).not.toContain(6);
    expect(chartsInFirstView(rows, [], 833)).toContain(6);
  });

  it('counts only the active tab, and the first one when none is named', () => {
    const tabbed = loadLayout({
      ROOT_ID: { type: 'ROOT', children: ['TABS-1'] },
      'TABS-1': { type: 'TABS', children: ['TAB-a', 'TAB-b'] },
      'TAB-a': { type: 'TAB', children: ['ROW-a'], meta: { text: 'A' } },
      'TAB-b': { type: 'TAB', children: ['ROW-b'], meta: { text: 'B' } },
      'ROW-a': { type: 'ROW', children: ['CHART-1'] },
      'ROW-b': { type: 'ROW', children: ['CHART-2', 'CHART-3'] },
      'CHART-1': chart(1),
      'CHART-2': chart(2),
      'CHART-3': chart(3),
    });
    expect(chartsInFirstView(tabbed, [], 900)).toEqual([1]);
    expect(chartsInFirstView(tabbed, ['TAB-b'], 900)).toEqual([2, 3]);
    // The tab bar comes first.
    expect(chartsInFirstView(tabbed, [], 40)).toEqual([]);
  });

  it('headers and markdown push the charts below them down, and a chart placed twice counts once', () => {
    const mixed = loadLayout({
      ROOT_ID: { type: 'ROOT', children: ['GRID_ID'] },
      GRID_ID: { type: 'GRID', children: ['HEADER-1', 'ROW-1', 'ROW-2'] },
      'HEADER-1': { type: 'HEADER', children: [], meta: { text: 'Title' } },
      'ROW-1': { type: 'ROW', children: ['MARKDOWN-1'] },
      'MARKDOWN-1': { type: 'MARKDOWN', children: [], meta: { width: 4, height: 30, code: '# hi' } },
      'ROW-2': { type: 'ROW', children: ['CHART-1', 'CHART-1b'] },
      'CHART-1': chart(1),
      'CHART-1b': chart(1),
    });
    // 56 + 16 + 240 + 16 = 328.
    expect(chartsInFirstView(mixed, [], 328)).toEqual([]);
    expect(chartsInFirstView(mixed, [], 329)).toEqual([1]);
  });
});
