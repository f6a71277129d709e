// "Export to pivoted .CSV": the pivot table as it is drawn — column header levels on top, row headers on the
// left, totals and subtotals where the table shows them — with raw cell values rather than formatted ones.
import { csvField } from '../../sqllab/components/result-export';
import type { PivotTableProps } from './transform-props';

export function pivotCsv(
  pivot: Pick<PivotTableProps, 'model' | 'rowDimensionNames' | 'metricsOnRows' | 'combineMetric'>,
): string {
  const { model } = pivot;
  const rowLevels = Math.max(model.rowLevels, 1);
  const colLevels = Math.max(model.colLevels, 1);
  // Metrics on rows add a header level of their own: outermost, or innermost when combined.
  const rowNames = !pivot.metricsOnRows
    ? pivot.rowDimensionNames
    : pivot.combineMetric
      ? [...pivot.rowDimensionNames, '']
      : ['', ...pivot.rowDimensionNames];
  const lines: string[] = [];
  for (let level = 0; level < colLevels; level += 1) {
    // The row dimensions name the left columns on the header line nearest to the data.
    const corner = Array.from({ length: rowLevels }, (_, at) => (level === colLevels - 1 ? (rowNames[at] ?? '') : ''));
    const headers = model.columns.map((column) => column.path[level] ?? '');
    lines.push([...corner, ...headers].map(csvField).join(','));
  }
  for (const row of model.rows) {
    const labels = Array.from({ length: rowLevels }, (_, at) => row.path[at] ?? '');
    lines.push([...labels.map(csvField), ...row.cells.map(csvField)].join(','));
  }
  return `${lines.join('\n')}\n`;
}
