// "Drill to detail" (Superset's DrillDetailModal): the dataset's rows behind the chart or behind a clicked point,
// under the chart's filters and time range, a server page at a time, with the clicked values as removable tags.
import type { QueryFormData } from '@nezha/core';
import { Alert, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { postChartData } from '../../chart-data/chart-data-api';
import type { QueryResponse } from '../../chart-data/charts-slice';
import { drillValueText } from '../../dashboard/state/drill-by';
import { dashboardChartQuery } from '../../dashboard/state/thunks/chart-data';
import type { Datasource } from '../../explore/api/types';
import { i18n } from '../../i18n/i18n';
import Modal from '../Modal';
import type { PointFilter } from './context-menu-items';
import { DRILL_DETAIL_PAGE_SIZE, drillDetailCountQuery, drillDetailRowsQuery } from './drill-detail-query';

interface Props {
  formData: QueryFormData;
  datasource: Datasource | undefined;
  title: string;
  initialFilters: PointFilter[];
  onClose: () => void;
}

interface Page {
  colnames: string[];
  coltypes: number[];
  data: Array<Record<string, unknown>>;
}

// Superset's GenericDataType: 2 is temporal.
const TEMPORAL = 2;

function failureText(failure: unknown): string {
  if (isApiError(failure)) return failure.message;
  return failure instanceof Error ? failure.message : String(failure);
}

function answerOf(answer: QueryResponse[]): QueryResponse {
  const [first] = answer;
  if (!first) throw new Error(i18n.t('No data'));
  if (first.error) throw new Error(String(first.error));
  return first;
}

export default function DrillDetailModal({ formData, datasource, title, initialFilters, onClose }: Props) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<Page | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const chartQuery = useMemo(() => dashboardChartQuery(formData, undefined, false), [formData]);

  // The count follows the filters only; paging asks for rows alone.
  useEffect(() => {
    const controller = new AbortController();
    setTotal(null);
    postChartData(drillDetailCountQuery(chartQuery, filters), { signal: controller.signal }).then(
      (answer) => setTotal(Number(answerOf(answer).data?.[0]?.count ?? 0)),
      (failure: unknown) => !controller.signal.aborted && setError(failureText(failure)),
    );
    return () => controller.abort();
  }, [chartQuery, filters]);

  useEffect(() => {
    const controller = new AbortController();
    setRows(null);
    setError(null);
    postChartData(drillDetailRowsQuery(chartQuery, filters, page), { signal: controller.signal })
      .then((answer) => {
        const first = answerOf(answer);
        setRows({ colnames: first.colnames ?? [], coltypes: first.coltypes ?? [], data: first.data ?? [] });
      })
      .catch((failure: unknown) => !controller.signal.aborted && setError(failureText(failure)));
    return () => controller.abort();
  }, [chartQuery, filters, page]);

  const label = (name: string) =>
    datasource?.verbose_map?.[name] || datasource?.columns.find((c) => c.column_name === name)?.verbose_name || name;
  const temporal = (name: string) => datasource?.columns.find((c) => c.column_name === name)?.is_dttm === true;
  const loading = rows === null && !error;

  return (
    <Modal
      open
      title={t('Drill to detail: {{name}}', { name: title })}
      onCancel={onClose}
      footer={null}
      width={1000}
      data-test="drill-detail-modal"
    >
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <Space size={[4, 4]} wrap data-test="drill-detail-filters">
          {filters.length > 0 && <Typography.Text strong>{t('Filters')}</Typography.Text>}
          {filters.map((filter, index) => (
            <Tag
              key={`${filter.col}=${String(filter.val)}`}
              closable
              onClose={(event) => {
                event.preventDefault();
                setFilters(filters.filter((_, at) => at !== index));
                setPage(1);
              }}
              data-test="drill-detail-filter"
            >
              {`${label(filter.col)} = ${drillValueText(filter.val, temporal(filter.col))}`}
            </Tag>
          ))}
        </Space>
        <Typography.Text type="secondary" data-test="drill-detail-count">
          {total === null ? '' : t('{{count}} rows', { count: total })}
        </Typography.Text>
      </div>
      {error && <Alert type="error" showIcon title={error} data-test="drill-detail-error" />}
      {!error && (
        <Table
          size="small"
          rowKey="__row"
          loading={loading}
          data-test="drill-detail-table"
          data-page={rows ? page : undefined}
          dataSource={(rows?.data ?? []).map((row, index) => ({ ...row, __row: index }))}
          scroll={{ x: true, y: 420 }}
          pagination={{
            current: page,
            pageSize: DRILL_DETAIL_PAGE_SIZE,
            total: total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: (next) => setPage(next),
          }}
          columns={(rows?.colnames ?? []).map((name, at) => ({
            key: name,
            title: label(name),
            dataIndex: name,
            ellipsis: true,
            render: (value: unknown) => drillValueText(value, rows?.coltypes[at] === TEMPORAL),
          }))}
        />
      )}
    </Modal>
  );
}
