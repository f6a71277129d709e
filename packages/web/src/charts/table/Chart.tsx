// The table component: sortable headers, optional search, virtualised rows, client or server pages, summary row.
import {
  type ColumnDef,
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { Input, Pagination } from 'antd';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { drillFilters, isSelected, toggleCrossFilter } from '../shared/cross-filter';
import { useRenderSuccess } from '../shared/use-render-success';
import type { VizComponentProps } from '../types';
import { columnWidths } from './column-widths';
import DataCell from './DataCell';
import HeaderCell from './HeaderCell';
import type { TableChartProps } from './transform-props';

type Row = Record<string, unknown>;

const compareCells = (a: unknown, b: unknown) => {
  if (a === null || a === undefined) return b === null || b === undefined ? 0 : 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), undefined, { numeric: true });
};

export default function TableChart({ props: table, width, height, hooks }: VizComponentProps<TableChartProps>) {
  const { t } = useTranslation();
  const [sorting, setSorting] = useState<SortingState>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const scroller = useRef<HTMLDivElement>(null);
  useRenderSuccess(hooks.onRenderSuccess, table);

  const columns = useMemo<Array<ColumnDef<Row>>>(
    () =>
      table.columns.map((column) => ({
        id: column.key,
        accessorFn: (row: Row) => row[column.key],
        sortingFn: (a, b) => compareCells(a.original[column.key], b.original[column.key]),
        sortUndefined: 'last',
      })),
    [table.columns],
  );
  const model = useReactTable<Row>({
    data: table.rows,
    columns,
    state: { sorting: table.serverPagination ? [] : sorting, globalFilter: search },
    onSortingChange: setSorting,
    globalFilterFn: (row, _id, text: string) =>
      table.columns.some((column) =>
        column.format(row.original[column.key]).toLowerCase().includes(text.toLowerCase()),
      ),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    manualSorting: table.serverPagination,
  });
  const visibleRows = model.getRowModel().rows;
  const paged =
    table.pageSize > 0 ? visibleRows.slice((page - 1) * table.pageSize, page * table.pageSize) : visibleRows;
  const toolbarHeight = table.includeSearch ? 40 : 0;
  const pagerHeight = table.pageSize > 0 || table.serverPagination ? 40 : 0;
  const headerHeight = 36;
  const widths = useMemo(() => columnWidths(table.columns, table.rows, width - 2), [table.columns, table.rows, width]);
  const totalWidth = widths.reduce((sum, size) => sum + size, 0);
  const virtualizer = useVirtualizer({
    count: paged.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => table.rowHeight,
    overscan: 12,
  });

  const setOwnState = (patch: Record<string, unknown>) =>
    hooks.setDataMask?.({ ownState: { ...table.ownState, ...patch } });
  const onSort = (key: string) => {
    if (!table.allowSorting) return;
    const current = table.serverPagination
      ? table.ownState.sortBy?.[0]
      : sorting[0] && { key: sorting[0].id, desc: sorting[0].desc };
    const next = current?.key !== key ? { key, desc: false } : current.desc ? null : { key, desc: true };
    if (table.serverPagination) setOwnState({ sortBy: next ? [next] : [], currentPage: 0 });
    else setSorting(next ? [{ id: next.key, desc: next.desc }] : []);
  };
  const sortOf = (key: string) => {
    const current = table.serverPagination
      ? table.ownState.sortBy?.[0]
      : sorting[0] && { key: sorting[0].id, desc: sorting[0].desc };
    return current?.key === key ? (current.desc ? 'desc' : 'asc') : null;
  };
  const labelOf = (key: string, value: unknown) => `${key}: ${String(value)}`;

  return (
    <div style={{ width, height, display: 'flex', flexDirection: 'column', fontSize: 13, overflow: 'hidden' }}>
      {table.includeSearch && (
        <div style={{ height: toolbarHeight, display: 'flex', alignItems: 'center', gap: 12, padding: '0 4px' }}>
          <Input.Search
            size="small"
            allowClear
            placeholder={t('Search {{count}} records', { count: table.rowCount })}
            style={{ maxWidth: 260 }}
            onChange={(event) => {
              if (table.serverPagination) return;
              setSearch(event.target.value);
              setPage(1);
            }}
            onSearch={(text) => {
              const column = table.columns.find((candidate) => !candidate.numeric)?.key;
              if (table.serverPagination && column)
                setOwnState({ searchText: text, searchColumn: column, currentPage: 0 });
            }}
          />
          <span style={{ color: '#8c8c8c' }}>{t('{{count}} rows', { count: visibleRows.length })}</span>
        </div>
      )}
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid cannot be a <table>. */}
      <div
        ref={scroller}
        role="grid"
        tabIndex={0}
        aria-rowcount={visibleRows.length + 1}
        style={{ flex: 1, overflow: 'auto', position: 'relative', border: '1px solid #f0f0f0' }}
      >
        <div style={{ width: totalWidth, position: 'relative' }}>
          {/* biome-ignore lint/a11y/useSemanticElements: a virtualized grid cannot be a <table>. */}
          <div
            role="row"
            tabIndex={-1}
            style={{
              display: 'flex',
              position: 'sticky',
              top: 0,
              zIndex: 2,
              background: '#fafbfc',
              borderBottom: '1px solid #e8e8e8',
            }}
          >
            {table.columns.map((column, at) => (
              <HeaderCell
                key={column.key}
                column={column}
                width={widths[at] ?? 80}
                height={headerHeight}
                sort={sortOf(column.key)}
                onSort={table.allowSorting ? () => onSort(column.key) : undefined}
              />
            ))}
          </div>
          <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const row = paged[item.index]?.original ?? {};
              return (
                // biome-ignore lint/a11y/useSemanticElements: a virtualized grid cannot be a <table>.
                <div
                  key={item.key}
                  role="row"
                  tabIndex={-1}
                  style={{
                    display: 'flex',
                    position: 'absolute',
                    top: 0,
                    transform: `translateY(${item.start}px)`,
                    borderBottom: '1px solid #f0f0f0',
                    background: item.index % 2 ? '#fcfcfc' : '#fff',
                  }}
                >
                  {table.columns.map((column, at) => {
                    const dimension = table.groupby.includes(column.key);
                    const label = labelOf(column.key, row[column.key]);
                    return (
                      <DataCell
                        key={column.key}
                        column={column}
                        value={row[column.key]}
                        width={widths[at] ?? 80}
                        height={table.rowHeight}
                        colorFormatters={table.colorFormatters}
                        colorPositiveNegative={table.colorPositiveNegative}
                        alignPositiveNegative={table.alignPositiveNegative}
                        selected={dimension && isSelected(table.filterState, label)}
                        {...(dimension && hooks.setDataMask
                          ? {
                              onClick: () =>
                                hooks.setDataMask?.(
                                  toggleCrossFilter(
                                    [column.key],
                                    { [label]: [row[column.key] ?? null] },
                                    table.filterState,
                                    label,
                                  ),
                                ),
                            }
                          : {})}
                        onContextMenu={(event) => {
                          if (!hooks.onContextMenu) return;
                          event.preventDefault();
                          hooks.onContextMenu(
                            event.clientX,
                            event.clientY,
                            drillFilters(
                              table.groupby,
                              table.groupby.map((key) => row[key] ?? null),
                            ),
                          );
                        }}
                      />
                    );
                  })}
                </div>
              );
            })}
          </div>
          {table.totals && (
            // biome-ignore lint/a11y/useSemanticElements: a virtualized grid cannot be a <table>.
            <div
              role="row"
              tabIndex={-1}
              style={{
                display: 'flex',
                position: 'sticky',
                bottom: 0,
                zIndex: 2,
                background: '#fafbfc',
                borderTop: '1px solid #e8e8e8',
                fontWeight: 600,
              }}
            >
              {table.columns.map((column, at) => (
                <DataCell
                  key={column.key}
                  column={{ ...column, barRange: null }}
                  value={
                    column.kind !== 'dimension' ? (table.totals?.[column.key] ?? null) : at === 0 ? t('Summary') : ''
                  }
                  width={widths[at] ?? 80}
                  height={table.rowHeight}
                  colorFormatters={[]}
                  colorPositiveNegative={false}
                  alignPositiveNegative={false}
                  selected={false}
                />
              ))}
            </div>
          )}
        </div>
      </div>
      {pagerHeight > 0 && (
        <div style={{ height: pagerHeight, display: 'flex', alignItems: 'center', justifyContent: 'flex-end' }}>
          <Pagination
            size="small"
            showSizeChanger={false}
            current={table.serverPagination ? table.serverPage + 1 : page}
            pageSize={table.serverPagination ? table.serverPageSize : table.pageSize}
            total={table.serverPagination ? table.rowCount : visibleRows.length}
            onChange={(next) => (table.serverPagination ? setOwnState({ currentPage: next - 1 }) : setPage(next))}
          />
        </div>
      )}
    </div>
  );
}
