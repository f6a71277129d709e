// The pivoted CSV is a capability of the pivot table's plugin: the dashboard asks the plugin, never the viz type name.
import { beforeAll, describe, expect, it } from 'vitest';
import { registerAllCharts } from '..';
import { getChartPlugin, listChartPlugins } from '../registry';
import { answer, chartProps, SUM_NUM } from '../test-utils';

beforeAll(() => registerAllCharts());

describe('exportCsv capability', () => {
  it('only the pivot table has it, and it writes the pivoted layout of what the chart shows', () => {
    expect(
      listChartPlugins()
        .filter((plugin) => plugin.exportCsv)
        .map((plugin) => plugin.vizType),
    ).toEqual(['pivot_table_v2']);
    const props = chartProps(
      {
        datasource: '1__table',
        viz_type: 'pivot_table_v2',
        groupbyRows: ['region'],
        groupbyColumns: ['year'],
        metrics: [SUM_NUM],
      },
      [
        answer([
          { region: 'EU', year: '2023', 'SUM(num)': 1.5 },
          { region: 'US', year: '2024', 'SUM(num)': 2 },
        ]),
      ],
    );
    expect(getChartPlugin('pivot_table_v2')?.exportCsv?.(props).split('\n')).toEqual([
      ',SUM(num),SUM(num)',
      'region,2023,2024',
      'EU,1.5,',
      'US,,2',
      '',
    ]);
  });
});
