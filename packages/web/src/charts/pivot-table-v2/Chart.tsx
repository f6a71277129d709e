// The pivot table component: merged column headers, row headers with spans, totals in bold.

import { contrastTextColor, overWhite } from '../shared/color-utils';
import { cellColor } from '../shared/conditional-formatting';
import { useRenderSuccess } from '../shared/use-render-success';
import type { VizComponentProps } from '../types';
import { headerSpans } from './pivot-model';
import type { PivotTableProps } from './transform-props';

const border = '1px solid #e8e8e8';
const headerStyle = {
  background: '#fafbfc',
  border,
  padding: '4px 8px',
  fontWeight: 600,
  whiteSpace: 'nowrap',
} as const;

export default function PivotTable({ props: pivot, width, height, hooks }: VizComponentProps<PivotTableProps>) {
  const { model } = pivot;
  useRenderSuccess(hooks.onRenderSuccess, pivot);

  const columnPaths = model.columns.map((column) => column.path);
  const rowPaths = model.rows.map((row) => row.path);
  const rowHeaderNames = pivot.metricsOnRows ? [...pivot.rowDimensionNames, ''] : pivot.rowDimensionNames;
  const rowLevels = Math.max(model.rowLevels, 1);
  const colLevels = Math.max(model.colLevels, 1);
  const rowSpans = Array.from(
    { length: rowLevels },
    (_, level) => new Map(headerSpans(rowPaths, level).map((span) => [span.index, span])),
  );

  return (
    <div style={{ width, height, overflow: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', fontSize: 13, minWidth: '100%' }}>
        <thead>
          {Array.from({ length: colLevels }, (_, level) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: header rows are the column levels, in order.
            <tr key={level}>
              {level === 0 && (
                <th
                  colSpan={rowLevels}
                  rowSpan={colLevels}
                  style={{
                    ...headerStyle,
                    textAlign: 'left',
                    verticalAlign: 'bottom',
                    position: 'sticky',
                    left: 0,
                    zIndex: 3,
                  }}
                >
                  {rowHeaderNames.filter(Boolean).join(' / ')}
                  {pivot.colDimensionNames.length > 0 && (
                    <div style={{ color: '#8c8c8c', fontWeight: 400 }}>{pivot.colDimensionNames.join(' / ')} →</div>
                  )}
                </th>
              )}
              {headerSpans(columnPaths, level).map((span) => (
                <th
                  key={span.index}
                  colSpan={span.span}
                  rowSpan={span.depth}
                  style={{ ...headerStyle, textAlign: 'center', position: 'sticky', top: level * 29, zIndex: 2 }}
                >
                  {span.label}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {model.rows.map((row, rowIndex) => {
            const rowTotal = row.kind !== 'leaf';
            return (
              <tr key={`${row.path.join('\u0000')}-${row.metric}`}>
                {Array.from({ length: rowLevels }, (_, level) => {
                  const span = rowSpans[level]?.get(rowIndex);
                  if (!span) return null;
                  return (
                    <th
                      key={`${span.label}-${span.index}`}
                      rowSpan={span.span}
                      colSpan={span.depth}
                      style={{
                        ...headerStyle,
                        textAlign: 'left',
                        verticalAlign: 'top',
                        position: 'sticky',
                        left: 0,
                        zIndex: 1,
                      }}
                    >
                      {span.label}
                    </th>
                  );
                })}
                {model.columns.map((column, at) => {
                  const value = row.cells[at] ?? null;
                  const metric = pivot.metricsOnRows ? row.metric : column.metric;
                  const total = rowTotal || column.kind !== 'leaf';
                  const background = total ? undefined : cellColor(pivot.colorFormatters, metric, value);
                  return (
                    <td
                      key={`${column.path.join('\u0000')}-${column.metric}`}
                      style={{
                        border,
                        padding: '4px 8px',
                        textAlign: 'right',
                        whiteSpace: 'nowrap',
                        fontVariantNumeric: 'tabular-nums',
                        fontWeight: total ? 600 : 400,
                        background: background ?? (total ? '#fafafa' : undefined),
                        color: background
                          ? contrastTextColor(overWhite(background))
                          : value === null
                            ? '#bfbfbf'
                            : undefined,
                      }}
                    >
                      {value === null ? '' : pivot.format(metric, value)}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
