// The chart gallery's lists: which charts it offers, its sections and its search.
import { describe, expect, it } from 'vitest';
import { ALL_CHART_PLUGINS } from '../index';
import { SEMANTIC_PLUGINS } from '../semantic-plugins';
import { SEMANTIC_VIZ_TYPES } from '../semantic-viz-types';
import type { ChartPlugin } from '../types';
import {
  ALL_CHARTS,
  CATEGORY_ORDER,
  categoryOf,
  filterGallery,
  galleryCategories,
  galleryPlugins,
  galleryTags,
  movedIndex,
} from './viz-type-catalog';

const registered: ChartPlugin[] = [...ALL_CHART_PLUGINS, ...SEMANTIC_PLUGINS];
const gallery = galleryPlugins(registered);
const types = (plugins: readonly ChartPlugin[]) => plugins.map((plugin) => plugin.vizType);

describe('the chart gallery', () => {
  it('offers every chart and none of the semantic layer types', () => {
    expect(types(gallery).sort()).toEqual(types(ALL_CHART_PLUGINS).sort());
    for (const vizType of SEMANTIC_VIZ_TYPES) expect(types(gallery)).not.toContain(vizType);
    // The semantic list names exactly the registered semantic plugins.
    expect(types(SEMANTIC_PLUGINS).sort()).toEqual([...SEMANTIC_VIZ_TYPES].sort());
  });

  it('lists categories in Superset order, only those holding a chart, never the semantic layer', () => {
    const categories = galleryCategories(gallery);
    expect(categories).toEqual(CATEGORY_ORDER.filter((category) => categories.includes(category)));
    expect(categories).toEqual(
      expect.arrayContaining(['Table', 'KPI', 'Evolution', 'Part of a Whole', 'Distribution', 'Flow', 'Map']),
    );
    expect(categories).not.toContain('Semantic layer');
    for (const category of categories) {
      expect(filterGallery(gallery, { kind: 'category', name: category }, '').length).toBeGreaterThan(0);
    }
  });

  it('files a chart of an unknown category under Other', () => {
    const [first] = gallery;
    if (!first) throw new Error('no charts registered');
    const odd: ChartPlugin = { ...first, vizType: 'odd', metadata: { ...first.metadata, category: 'Weird' } };
    expect(categoryOf(odd)).toBe('Other');
    expect(types(filterGallery([odd], { kind: 'category', name: 'Other' }, ''))).toEqual(['odd']);
    expect(galleryCategories([odd])).toEqual(['Other']);
  });

  it('a category shows exactly its charts, in registry order', () => {
    const part = filterGallery(gallery, { kind: 'category', name: 'Part of a Whole' }, '');
    expect(types(part).sort()).toEqual(['pie', 'sunburst_v2', 'treemap_v2']);
    expect(part.every((plugin) => plugin.metadata.category === 'Part of a Whole')).toBe(true);
    expect(filterGallery(gallery, ALL_CHARTS, '')).toEqual(gallery);
  });

  it('a recommended tag shows the charts carrying it', () => {
    expect(galleryTags(gallery)).toEqual(['Popular', 'ECharts', 'Advanced-Analytics']);
    const popular = filterGallery(gallery, { kind: 'tag', name: 'Popular' }, '');
    expect(types(popular)).toContain('pie');
    expect(popular.every((plugin) => plugin.metadata.tags.includes('Popular'))).toBe(true);
  });

  it('a search looks through every chart whatever the section, names first', () => {
    const pie = filterGallery(gallery, { kind: 'category', name: 'Table' }, '  PIE ');
    expect(types(pie)[0]).toBe('pie');
    const line = filterGallery(gallery, ALL_CHARTS, 'line');
    // "Line Chart" starts with the word; charts merely tagged Line come after the ones named so.
    expect(types(line)[0]).toBe('echarts_timeseries_line');
    const namedLine = line.findIndex((plugin) => !plugin.metadata.name.toLowerCase().includes('line'));
    if (namedLine >= 0) {
      expect(line.slice(namedLine).every((plugin) => !plugin.metadata.name.toLowerCase().includes('line'))).toBe(true);
    }
    expect(filterGallery(gallery, ALL_CHARTS, 'no such chart at all')).toEqual([]);
    // A semantic type stays out of a search by its own name.
    expect(types(filterGallery(gallery, ALL_CHARTS, 'measure'))).not.toContain('measure');
    expect(types(filterGallery(gallery, ALL_CHARTS, 'cohort'))).toEqual([]);
  });

  it('arrow keys move within the grid and stop at its edges', () => {
    expect(movedIndex(0, 'ArrowRight', 10, 4)).toBe(1);
    expect(movedIndex(0, 'ArrowLeft', 10, 4)).toBe(0);
    expect(movedIndex(1, 'ArrowDown', 10, 4)).toBe(5);
    expect(movedIndex(8, 'ArrowDown', 10, 4)).toBe(8);
    expect(movedIndex(5, 'ArrowUp', 10, 4)).toBe(1);
    expect(movedIndex(3, 'Tab', 10, 4)).toBe(3);
  });
});
