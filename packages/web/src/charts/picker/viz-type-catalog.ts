// What the chart gallery lists and how it narrows (Superset 4's VizTypeGallery): charts only, never the semantic
// layer's types; "All charts", recommended tags and categories in a fixed order; a search over every chart.

import { i18nKey } from '../../i18n/i18n';
import { isSemanticVizType } from '../semantic-viz-types';
import type { ChartPlugin } from '../types';

/** Superset's recommended tags, shown above the categories. */
export const RECOMMENDED_TAGS = [i18nKey('Popular'), 'ECharts', i18nKey('Advanced-Analytics')] as const;

/** Superset's chart categories in its order; a plugin without a known one is listed under "Other". */
export const CATEGORY_ORDER = [
  i18nKey('Table'),
  i18nKey('KPI'),
  i18nKey('Evolution'),
  i18nKey('Correlation'),
  i18nKey('Distribution'),
  i18nKey('Part of a Whole'),
  i18nKey('Ranking'),
  i18nKey('Map'),
  i18nKey('Flow'),
  i18nKey('Other'),
] as const;

export const OTHER_CATEGORY = i18nKey('Other');

/** Which part of the gallery the left column shows. */
export type GallerySection = { kind: 'all' } | { kind: 'category'; name: string } | { kind: 'tag'; name: string };

export const ALL_CHARTS: GallerySection = { kind: 'all' };

export function sameSection(a: GallerySection, b: GallerySection): boolean {
  return a.kind === b.kind && (a.kind === 'all' || (b.kind !== 'all' && a.name === b.name));
}

/** The gallery's category of a plugin: its own when it is one of Superset's, else "Other". */
export function categoryOf(plugin: ChartPlugin): string {
  const category = plugin.metadata.category;
  return (CATEGORY_ORDER as readonly string[]).includes(category) ? category : OTHER_CATEGORY;
}

/** The charts the gallery offers, in the registry's order (featured first): no semantic layer types. */
export function galleryPlugins(plugins: readonly ChartPlugin[]): ChartPlugin[] {
  return plugins.filter((plugin) => !isSemanticVizType(plugin.vizType));
}

/** The categories that hold at least one chart, in Superset's order. */
export function galleryCategories(plugins: readonly ChartPlugin[]): string[] {
  const present = new Set(plugins.map(categoryOf));
  return CATEGORY_ORDER.filter((category) => present.has(category));
}

/** The recommended tags some chart carries. */
export function galleryTags(plugins: readonly ChartPlugin[]): string[] {
  return RECOMMENDED_TAGS.filter((tag) => plugins.some((plugin) => plugin.metadata.tags.includes(tag)));
}

function inSection(plugin: ChartPlugin, section: GallerySection): boolean {
  if (section.kind === 'all') return true;
  if (section.kind === 'category') return categoryOf(plugin) === section.name;
  return plugin.metadata.tags.includes(section.name);
}

/** How well a chart matches the search: its name first, then its viz type and tags, then its description. */
function searchRank(plugin: ChartPlugin, needle: string): number {
  const name = plugin.metadata.name.toLowerCase();
  if (name.startsWith(needle)) return 0;
  if (name.includes(needle)) return 1;
  if (plugin.vizType.toLowerCase().includes(needle)) return 2;
  if (plugin.metadata.tags.some((tag) => tag.toLowerCase().includes(needle))) return 3;
  if (plugin.metadata.description.toLowerCase().includes(needle)) return 4;
  return -1;
}

/**
 * The charts shown: a search looks through every chart whatever the section (as Superset's does), best matches
 * first; without one, the section's charts in the registry's order.
 */
export function filterGallery(plugins: readonly ChartPlugin[], section: GallerySection, search: string): ChartPlugin[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return plugins.filter((plugin) => inSection(plugin, section));
  return plugins
    .map((plugin, index) => ({ plugin, index, rank: searchRank(plugin, needle) }))
    .filter((entry) => entry.rank >= 0)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((entry) => entry.plugin);
}

/** The card the arrow keys move to in a grid of `columns` columns; it stays put at the edges. */
export function movedIndex(index: number, key: string, count: number, columns: number): number {
  const step =
    key === 'ArrowRight'
      ? 1
      : key === 'ArrowLeft'
        ? -1
        : key === 'ArrowDown'
          ? columns
          : key === 'ArrowUp'
            ? -columns
            : 0;
  const next = index + step;
  return next >= 0 && next < count ? next : index;
}
