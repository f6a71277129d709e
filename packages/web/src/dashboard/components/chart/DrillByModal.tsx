// The "Drill by" dialog: the chart regrouped by a column the user picks, as a chart or as a table; clicking a
// value in the table drills into it (a breadcrumb step) and asks for the next column, a right-click on the drilled
// chart drills into the clicked value by a column picked in its menu. Opened from a clicked point, it starts
// filtered by that point's values.
import type { QueryFormData } from '@nezha/core';
import { Alert, Breadcrumb, Segmented, Select, Spin, Table, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import { postChartData } from '../../../chart-data/chart-data-api';
import ChartRenderer from '../../../charts/ChartRenderer';
import { getChartPlugin } from '../../../charts/registry';
import type { ChartHooks, ChartQueryResult } from '../../../charts/types';
import ChartContextMenu, { type ContextMenuPosition } from '../../../components/chart-context-menu/ChartContextMenu';
import type { PointFilter } from '../../../components/chart-context-menu/context-menu-items';
import Modal from '../../../components/Modal';
import type { Datasource } from '../../../explore/api/types';
import {
  drillByColumns,
  drillByDimensionKey,
  drillByFormData,
  drillFilterValue,
  drillValueText,
  withDrillByLimits,
} from '../../state/drill-by';
import { dashboardChartQuery } from '../../state/thunks/chart-data';

interface Props {
  formData: QueryFormData;
  datasource: Datasource | undefined;
  title: string;
  onClose: () => void;
  /** The clicked point the drill starts from (its values become the first breadcrumb steps). */
  initialFilters?: PointFilter[];
  /** The column picked in the context menu. */
  initialColumn?: string;
}

interface Step {
  column: string;
  value: unknown;
  temporal: boolean;
}

const CHART_WIDTH = 950;
const CHART_HEIGHT = 400;
const EMPTY_MAP: Record<string, string> = {};
const DRILL_BY_ONLY = ['drill-by'] as const;

export default function DrillByModal({ formData, datasource, title, onClose, initialFilters, initialColumn }: Props) {
  const { t } = useTranslation();
  const plugin = getChartPlugin(formData.viz_type);
  const dimensionKey = plugin ? drillByDimensionKey(plugin.controlPanel) : null;
  const isDttm = (name: string) => datasource?.columns.find((c) => c.column_name === name)?.is_dttm === true;
  const [path, setPath] = useState<Step[]>(() =>
    (initialFilters ?? []).map((filter) => ({
      column: filter.col,
      value: drillFilterValue(filter.val, isDttm(filter.col)),
      temporal: isDttm(filter.col),
    })),
  );
  const [column, setColumnState] = useState<string | null>(initialColumn ?? null);
  // The column grouped at each depth of the path, so that a breadcrumb goes back to the chart it named.
  const chosen = useRef<Array<string | null>>(
    Array.from({ length: (initialFilters?.length ?? 0) + 1 }, (_, depth) =>
      depth === (initialFilters?.length ?? 0) ? (initialColumn ?? null) : null,
    ),
  );
  const setColumn = (next: string | null, depth = path.length) => {
    chosen.current[depth] = next;
    setColumnState(next);
  };
  const [menu, setMenu] = useState<ContextMenuPosition | null>(null);
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const [result, setResult] = useState<ChartQueryResult[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Columns already drilled into stay out of the choices, as do the chart's own dimensions.
  const choices = useMemo(() => {
    if (!dimensionKey) return [];
    const taken = new Set(path.map((step) => step.column));
    return drillByColumns(datasource, formData, dimensionKey).filter((choice) => !taken.has(choice.column_name));
  }, [datasource, formData, dimensionKey, path]);

  const drilled = useMemo(
    () =>
      plugin && dimensionKey && column
        ? withDrillByLimits(drillByFormData(formData, dimensionKey, column, path), plugin.controlPanel)
        : null,
    [formData, plugin, dimensionKey, column, path],
  );

  useEffect(() => {
    if (!drilled) return;
    const controller = new AbortController();
    setResult(null);
    setError(null);
    postChartData(dashboardChartQuery(drilled, undefined, false), { signal: controller.signal }).then(
      (answer) => {
        const failed = answer.find((query) => query.error);
        if (failed) setError(String(failed.error));
        else setResult(answer as unknown as ChartQueryResult[]);
      },
      (failure: unknown) => {
        if (!controller.signal.aborted) setError(isApiError(failure) ? failure.message : String(failure));
      },
    );
    return () => controller.abort();
  }, [drilled]);

  const chartDatasource = useMemo(
    () => ({
      verboseMap: datasource?.verbose_map ?? EMPTY_MAP,
      columnFormats: datasource?.column_formats ?? EMPTY_MAP,
    }),
    [datasource],
  );
  const label = (name: string) =>
    datasource?.verbose_map?.[name] || datasource?.columns.find((c) => c.column_name === name)?.verbose_name || name;
  const rows = result?.[0]?.data ?? [];
  const colnames = result?.[0]?.colnames ?? [];
  // Superset's GenericDataType: 2 is temporal.
  const isTemporal = (name: string) => result?.[0]?.coltypes?.[colnames.indexOf(name)] === 2;

  const drillInto = (value: unknown, next: string | null = null) => {
    if (!column) return;
    const temporal = isTemporal(column);
    const deeper = [...path, { column, value: drillFilterValue(value, temporal), temporal }];
    setPath(deeper);
    setColumn(next, deeper.length);
    setResult(null);
  };
  const goBack = (depth: number) => {
    setPath(path.slice(0, depth));
    setColumn(chosen.current[depth] ?? null, depth);
  };

  // The drilled chart reports its right-clicks here: its one dimension is the column drilled by.
  const hooks = useMemo<ChartHooks>(
    () => ({
      setDataMask: () => undefined,
      onContextMenu: (x, y, filters) => setMenu({ x, y, filters }),
    }),
    [],
  );

  const crumbs = [
    {
      key: 'chart',
      title: (
        <Typography.Link onClick={() => goBack(0)} data-test="drill-by-crumb">
          {title}
        </Typography.Link>
      ),
    },
    ...path.map((step, index) => ({
      key: `${step.column}-${index}`,
      title: (
        <Typography.Link onClick={() => goBack(index + 1)} data-test="drill-by-crumb">
          {`${label(step.column)} = ${drillValueText(step.value, step.temporal)}`}
        </Typography.Link>
      ),
    })),
    ...(column ? [{ key: 'current', title: label(column) }] : []),
  ];

  return (
    <Modal
      open
      title={t('Drill by: {{name}}', { name: title })}
      onCancel={onClose}
      footer={null}
      width={1000}
      data-test="drill-by-modal"
    >
      <Breadcrumb items={crumbs} style={{ marginBottom: 12 }} />
      {!dimensionKey && <Alert type="info" showIcon title={t('This chart cannot be drilled by another column.')} />}
      {dimensionKey && (
        <div style={{ display: 'flex', gap: 12, marginBottom: 12, alignItems: 'center' }}>
          <Select
            showSearch
            style={{ width: 320 }}
            placeholder={t('Drill by column')}
            value={column}
            onChange={(next: string) => setColumn(next)}
            optionFilterProp="label"
            options={choices.map((choice) => ({ value: choice.column_name, label: label(choice.column_name) }))}
            notFoundContent={t('No columns')}
            data-test="drill-by-column"
          />
          <Segmented
            value={view}
            onChange={(next) => setView(next as 'chart' | 'table')}
            options={[
              { value: 'chart', label: t('Chart') },
              { value: 'table', label: t('Table') },
            ]}
            data-test="drill-by-view"
          />
          {view === 'table' && column && (
            <Typography.Text type="secondary">{t('Click a value to drill into it.')}</Typography.Text>
          )}
        </div>
      )}
      {error && <Alert type="error" showIcon title={error} data-test="drill-by-error" />}
      {drilled && !error && !result && <Spin />}
      {drilled && result && view === 'chart' && (
        <div style={{ width: CHART_WIDTH, height: CHART_HEIGHT }} data-test="drill-by-chart">
          <ChartRenderer
            vizType={drilled.viz_type}
            width={CHART_WIDTH}
            height={CHART_HEIGHT}
            formData={drilled}
            queriesData={result}
            datasource={chartDatasource}
            hooks={hooks}
          />
        </div>
      )}
      {drilled && (
        <ChartContextMenu
          position={menu}
          formData={drilled}
          datasource={datasource}
          dashboard={null}
          only={DRILL_BY_ONLY}
          onClose={() => setMenu(null)}
          onDrillToDetail={() => undefined}
          onDrillBy={(next, filters) => {
            const clicked = filters.find((filter) => filter.col === column);
            if (clicked) drillInto(clicked.val, next);
          }}
        />
      )}
      {drilled && result && view === 'table' && column && (
        <Table
          size="small"
          rowKey="__row"
          data-test="drill-by-table"
          dataSource={rows.map((row, index) => ({ ...row, __row: index }))}
          scroll={{ x: true, y: 380 }}
          pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
          columns={colnames.map((name) => ({
            key: name,
            title: label(name),
            dataIndex: name,
            align: typeof rows[0]?.[name] === 'number' && !isTemporal(name) ? ('right' as const) : ('left' as const),
            render: (value: unknown) =>
              name === column ? (
                <Typography.Link onClick={() => drillInto(value)}>
                  {drillValueText(value, isTemporal(name))}
                </Typography.Link>
              ) : (
                drillValueText(value, isTemporal(name))
              ),
          }))}
        />
      )}
    </Modal>
  );
}
