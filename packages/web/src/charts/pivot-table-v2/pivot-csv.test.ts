// The pivoted CSV export: the table's headers and cells as drawn, raw values, spreadsheet-safe labels.
import { describe, expect, it } from 'vitest';
import { answer, chartProps, SUM_NUM } from '../test-utils';
import { pivotCsv } from './pivot-csv';
import transformProps from './transform-props';

const formData = {
  datasource: '1__table',
  viz_type: 'pivot_table_v2',
  groupbyRows: ['region', 'city'],
  groupbyColumns: ['year'],
  metrics: [SUM_NUM],
};
const rows = answer([
  { region: 'EU', city: 'Paris', year: '2023', 'SUM(num)': 1.5 },
  { region: 'EU', city: 'Paris', year: '2024', 'SUM(num)': 2 },
  { region: 'EU', city: 'Oslo, NO', year: '2024', 'SUM(num)': 4 },
  { region: '=HYPERLINK("x")', city: 'NYC', year: '2023', 'SUM(num)': 8 },
]);

describe('pivotCsv', () => {
  it('writes the column header levels, then a line per table row with its row headers and raw cells', () => {
    const csv = pivotCsv(transformProps(chartProps({ ...formData, rowTotals: true, colTotals: true }, [rows])));
    expect(csv.split('\n')).toEqual([
      ',,SUM(num),SUM(num),SUM(num)',
      'region,city,2023,2024,Total',
      '"\'=HYPERLINK(""x"")",NYC,8,,8',
      'EU,"Oslo, NO",,4,4',
      'EU,Paris,1.5,2,3.5',
      'Total,,9.5,6,15.5',
      '',
    ]);
  });

  it('metrics on rows add a metric column to the row headers, outermost unless combined', () => {
    const outer = pivotCsv(transformProps(chartProps({ ...formData, metricsLayout: 'ROWS' }, [rows]))).split('\n');
    expect(outer[0]).toBe(',region,city,2023,2024');
    expect(outer[1]).toBe('SUM(num),"\'=HYPERLINK(""x"")",NYC,8,');
    const inner = pivotCsv(
      transformProps(chartProps({ ...formData, metricsLayout: 'ROWS', combineMetric: true }, [rows])),
    ).split('\n');
    expect(inner[0]).toBe('region,city,,2023,2024');
    expect(inner[1]).toBe('"\'=HYPERLINK(""x"")",NYC,SUM(num),8,');
  });
});
