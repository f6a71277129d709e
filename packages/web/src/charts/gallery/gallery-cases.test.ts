// A viz type is a folder: the registry, the plugin folders and the galleries' cases name the same viz types, so a
// plugin added without its folder's index.ts, registry line or gallery-cases.ts fails here, by name.
import { describe, expect, it } from 'vitest';
import { ALL_CHART_PLUGINS } from '../index';
import { SEMANTIC_PLUGINS } from '../semantic-plugins';
import type { ChartPlugin } from '../types';
import { EXAMPLE_CASES, GALLERY_CASES, GALLERY_CASES_BY_VIZ_TYPE } from './gallery-cases';

const REGISTERED: readonly ChartPlugin[] = [...ALL_CHART_PLUGINS, ...SEMANTIC_PLUGINS];

const defaultOf = (module: unknown): unknown =>
  typeof module === 'object' && module !== null && 'default' in module ? module.default : undefined;

/** folder name → its module's default export, for ../<folder>/<file>. */
function byFolder(modules: Record<string, unknown>): Map<string, unknown> {
  return new Map(
    Object.entries(modules).map(([path, module]) => [path.split('/').at(-2) ?? path, defaultOf(module)] as const),
  );
}

const pluginFolders = byFolder(import.meta.glob('../*/index.ts', { eager: true }));
// The index itself (this folder's gallery-cases.ts) comes back as ./gallery-cases.ts: folder '.'.
const caseFolders = byFolder(import.meta.glob('../*/gallery-cases.ts', { eager: true }));
caseFolders.delete('.');
const folderOf = (vizType: string) => vizType.replaceAll('_', '-');

describe('plugin folders', () => {
  it('registers exactly the plugins of the folders, each in the folder named after its viz type', () => {
    const registeredFolders = REGISTERED.map((plugin) => folderOf(plugin.vizType)).sort();
    expect([...pluginFolders.keys()].sort()).toEqual(registeredFolders);
    for (const plugin of REGISTERED) expect(pluginFolders.get(folderOf(plugin.vizType)), plugin.vizType).toBe(plugin);
  });

  it('gives every registered chart gallery cases: a sample chart and an example recipe', () => {
    const missing = ALL_CHART_PLUGINS.map((plugin) => plugin.vizType).filter((vizType) => {
      const cases = GALLERY_CASES_BY_VIZ_TYPE[vizType];
      return !cases || cases.samples.length === 0 || !EXAMPLE_CASES[vizType];
    });
    expect(missing).toEqual([]);
    expect(new Set(GALLERY_CASES.map((example) => example.vizType))).toEqual(
      new Set(ALL_CHART_PLUGINS.map((plugin) => plugin.vizType)),
    );
  });

  it('keeps no gallery cases for a viz type that is not a registered chart', () => {
    const charts = new Set(ALL_CHART_PLUGINS.map((plugin) => plugin.vizType));
    expect(Object.keys(GALLERY_CASES_BY_VIZ_TYPE).filter((vizType) => !charts.has(vizType))).toEqual([]);
  });

  it("collects each folder's gallery-cases.ts in the index, and only those", () => {
    const indexed = Object.keys(GALLERY_CASES_BY_VIZ_TYPE).map(folderOf).sort();
    expect([...caseFolders.keys()].sort()).toEqual(indexed);
    for (const [vizType, cases] of Object.entries(GALLERY_CASES_BY_VIZ_TYPE)) {
      expect(caseFolders.get(folderOf(vizType)), vizType).toBe(cases);
    }
  });

  it('names each gallery chart once', () => {
    const ids = GALLERY_CASES.map((example) => example.id);
    expect(ids.filter((id, at) => ids.indexOf(id) !== at)).toEqual([]);
  });
});
