// File names as werkzeug writes them, unsafe ZIP entry names, and the id rewiring of a dashboard's metadata.
import { describe, expect, it } from 'vitest';
import { toExportRefs, toImportRefs } from './dashboard-refs.js';
import { exportFileName, secureFilename } from './file-names.js';
import { unsafeEntryName } from './zip-bundle.js';

describe('secureFilename (werkzeug.utils.secure_filename on POSIX)', () => {
  it.each([
    ['My cool movie.mov', 'My_cool_movie.mov'],
    ['../../../etc/passwd', 'etc_passwd'],
    ['i contain cool \u00fcml\u00e4uts.txt', 'i_contain_cool_umlauts.txt'],
    ['Sales (EMEA) / 2024', 'Sales_EMEA_2024'],
    ['日本語', ''],
  ])('%s → %s', (name, expected) => {
    expect(secureFilename(name)).toBe(expected);
  });

  it('adds the id, skips it for databases and datasets, and falls back to the id alone', () => {
    expect(exportFileName('World Bank', 12)).toBe('World_Bank_12');
    expect(exportFileName('examples', 1, true)).toBe('examples');
    expect(exportFileName('日本語', 7)).toBe('7');
  });
});

describe('unsafeEntryName', () => {
  it.each([
    ['../evil.yaml', 'a `..` or `.` segment'],
    ['export/../../evil.yaml', 'a `..` or `.` segment'],
    ['/etc/passwd', 'an absolute path'],
    ['C:/evil.yaml', 'an absolute path'],
    ['export\\charts\\a.yaml', 'a backslash'],
    ['export/a\u0000.yaml', 'a control character'],
  ])('%s is refused (%s)', (name, why) => {
    expect(unsafeEntryName(name)).toBe(why);
  });

  it('accepts an ordinary entry', () => {
    expect(unsafeEntryName('dashboard_export_20240101T000000/charts/Sales_3.yaml')).toBeUndefined();
  });
});

describe('dashboard id references', () => {
  const position = () => ({
    'CHART-a': { type: 'CHART', id: 'CHART-a', meta: { chartId: 3, uuid: 'u-a' } },
    'CHART-b': { type: 'CHART', id: 'CHART-b', meta: { chartId: 4, uuid: 'u-b' } },
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: [] },
  });

  it('rewrites every chart id of the exporting server to this one, dropping charts the bundle lacks', () => {
    const layout = position();
    const metadata: Record<string, unknown> = {
      timed_refresh_immune_slices: [3, 99],
      expanded_slices: { '4': true },
      filter_scopes: { '3': { region: { scope: ['ROOT_ID'], immune: [4] } } },
      default_filters: '{"3": {"region": ["x"]}}',
      native_filter_configuration: [
        {
          targets: [{ datasetUuid: 'd-1', column: { name: 'region' } }],
          scope: { rootPath: ['ROOT_ID'], excluded: [4] },
          chartsInScope: [3],
        },
      ],
      chart_configuration: {
        '3': { id: 3, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [3] }, chartsInScope: [4] } },
      },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [3, 4] },
    };
    toImportRefs(
      layout,
      metadata,
      new Map([
        ['u-a', 30],
        ['u-b', 40],
      ]),
      new Map([['d-1', 7]]),
    );
    expect(layout['CHART-a'].meta.chartId).toBe(30);
    expect(layout['CHART-b'].meta.chartId).toBe(40);
    expect(metadata).toEqual({
      timed_refresh_immune_slices: [30],
      expanded_slices: { '40': true },
      filter_scopes: { '30': { region: { scope: ['ROOT_ID'], immune: [40] } } },
      default_filters: '{"30":{"region":["x"]}}',
      native_filter_configuration: [
        {
          targets: [{ datasetId: 7, column: { name: 'region' } }],
          scope: { rootPath: ['ROOT_ID'], excluded: [40] },
          chartsInScope: [30],
        },
      ],
      chart_configuration: {
        '30': { id: 30, crossFilters: { scope: { rootPath: ['ROOT_ID'], excluded: [30] }, chartsInScope: [40] } },
      },
      global_chart_configuration: { scope: { rootPath: ['ROOT_ID'], excluded: [] }, chartsInScope: [30, 40] },
    });
  });

  it('on export names charts and datasets by uuid', () => {
    const layout = position();
    for (const node of Object.values(layout)) if ('meta' in node) delete (node.meta as { uuid?: string }).uuid;
    const metadata: Record<string, unknown> = { native_filter_configuration: [{ targets: [{ datasetId: 7 }] }] };
    toExportRefs(layout, metadata, new Map([[3, 'u-a']]), new Map([[7, 'd-1']]));
    expect(layout['CHART-a'].meta).toEqual({ chartId: 3, uuid: 'u-a' });
    expect(layout['CHART-b'].meta).toEqual({ chartId: 4 });
    expect(metadata.native_filter_configuration).toEqual([{ targets: [{ datasetUuid: 'd-1' }] }]);
  });
});
