// `nezha export --to DIR` / `nezha import DIR`: stable files a Git diff can read, and an import that updates in place.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExampleContent } from '../../src/examples/example-dashboards.js';
import { loadExamples } from '../../src/examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../../src/examples/register.js';
import { describeSummary, exportToDirectory, importFromPath } from '../../src/transfer/cli-transfer.js';
import { parseYamlFile } from '../../src/transfer/yaml-files.js';
import { ok } from '../api/chart-harness.js';
import { startTestApp, type TestApp } from '../support/test-app.js';
import { rowCounts } from './transfer-harness.js';

function tree(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, full), readFileSync(full, 'utf8'));
  }
  return files;
}

function changedFiles(a: Map<string, string>, b: Map<string, string>): string[] {
  const names = new Set([...a.keys(), ...b.keys()]);
  return [...names].filter((name) => a.get(name) !== b.get(name)).sort();
}

describe('nezha export / import on folders', () => {
  let source: TestApp;
  let target: TestApp;
  const work = mkdtempSync(path.join(tmpdir(), 'nezha-cli-transfer-'));

  beforeAll(async () => {
    source = await startTestApp();
    target = await startTestApp();
    await loadExamples({ databasePath: path.join(source.home, EXAMPLES_FILE), only: ['seattle_weather', 'cars'] });
    copyFileSync(path.join(source.home, EXAMPLES_FILE), path.join(target.home, EXAMPLES_FILE));
    await registerExamplesDatabase(source.ctx.store);
    await registerExamplesDatabase(target.ctx.store);
    await createExampleContent(source.ctx);
  }, 120_000);
  afterAll(async () => {
    await source?.close();
    await target?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('writes the same files twice, and after a chart rename only that chart and metadata.yaml differ', async () => {
    const first = path.join(work, 'first');
    const second = path.join(work, 'second');
    await exportToDirectory(source.ctx, first);
    await exportToDirectory(source.ctx, second);
    const one = tree(first);
    expect(changedFiles(one, tree(second))).toEqual([]);
    expect(parseYamlFile('metadata.yaml', one.get('metadata.yaml') ?? '')).toMatchObject({
      version: '1.0.0',
      type: 'assets',
    });
    expect([...one.keys()].some((name) => /^dashboards\/.+_\d+\.yaml$/.test(name))).toBe(true);
    expect(one.has('databases/examples.yaml')).toBe(true);
    // Superset's key order: the chart's name first, the version and dataset reference last.
    const chartFile = [...one.keys()].find((name) => name.startsWith('charts/')) as string;
    const keys = Object.keys(parseYamlFile(chartFile, one.get(chartFile) ?? ''));
    expect(keys[0]).toBe('slice_name');
    expect(keys.slice(-3)).toEqual(['uuid', 'version', 'dataset_uuid']);

    const chart = await source.ctx.store.db
      .selectFrom('slices')
      .select(['id', 'slice_name'])
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const admin = await source.login();
    ok(
      await admin.request({
        method: 'PUT',
        url: `/api/v1/chart/${chart.id}`,
        payload: { slice_name: 'Renamed chart' },
      }),
    );
    await exportToDirectory(source.ctx, second);
    const changed = changedFiles(one, tree(second));
    expect(changed).toContain('metadata.yaml');
    expect(changed).toContain(`charts/Renamed_chart_${chart.id}.yaml`);
    // The old file name is gone; nothing else moved.
    expect(changed.filter((name) => name !== 'metadata.yaml' && !name.startsWith('charts/'))).toEqual(
      changed.filter((name) => name.startsWith('dashboards/')),
    );
    expect(changed.filter((name) => name.startsWith('charts/')).length).toBe(2);
  });

  it('imports the folder into an empty server, and a second import updates without duplicating', async () => {
    const dir = path.join(work, 'import');
    await exportToDirectory(source.ctx, dir);
    const sourceCounts = await rowCounts(source);
    expect(sourceCounts.dashboards).toBeGreaterThan(0);
    const summary = await importFromPath(target.ctx, dir, { passwords: {} });
    expect(summary.dashboard.create).toBe(sourceCounts.dashboards);
    expect(summary.database).toEqual({ create: 0, update: 0, keep: 1 });
    expect(describeSummary(summary)).toContain(`Dashboards: ${sourceCounts.dashboards} created, 0 updated, 0 kept`);
    expect(await rowCounts(target)).toEqual(sourceCounts);
    const again = await importFromPath(target.ctx, dir, { passwords: {} });
    expect(again.dashboard).toEqual({ create: 0, update: sourceCounts.dashboards, keep: 0 });
    expect(await rowCounts(target)).toEqual(sourceCounts);
  });
});
