// Above the result grid: rows returned with the limit warning, Copy to clipboard, Download CSV, Create dataset, Explore.
import { BarChartOutlined, CopyOutlined, DatabaseOutlined, DownloadOutlined, WarningOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { rowsReturned } from './limit-warning';
import { csvFileName, csvSlices, toTsv } from './result-export';
import type { Notify, ResultColumn, ResultLimits, ResultRow } from './types';
import { useCopyToClipboard } from './use-copy-to-clipboard';

interface ResultSetToolbarProps {
  limits: ResultLimits;
  columns: readonly ResultColumn[];
  data: readonly ResultRow[];
  /** Download CSV is allowed (the user may export); also decides the "limited by the query" warning. */
  csvEnabled?: boolean;
  /** Names the CSV file (the tab's name). */
  fileName?: string | null;
  /** Shows "Create dataset" when given. */
  onCreateDataset?: () => void;
  /** Shows "Explore" when given. */
  onExplore?: () => void;
  onNotify?: Notify;
}

function downloadCsv(columns: readonly ResultColumn[], data: readonly ResultRow[], name: string | null | undefined) {
  const blob = new Blob(
    csvSlices(
      data,
      columns.map((column) => column.name),
    ),
    { type: 'text/csv;charset=utf-8' },
  );
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFileName(name, new Date());
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The download has started by now; the URL is only needed for that.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export default function ResultSetToolbar({
  limits,
  columns,
  data,
  csvEnabled = true,
  fileName,
  onCreateDataset,
  onExplore,
  onNotify,
}: ResultSetToolbarProps) {
  const { t, i18n } = useTranslation();
  const copy = useCopyToClipboard(onNotify);
  const formatNumber = (n: number) => n.toLocaleString(i18n.language.replace('_', '-'));
  const { limitWarning } = rowsReturned(limits, { csvEnabled, formatNumber });

  return (
    <div
      style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap', minHeight: 32 }}
      data-test="result-set-toolbar"
    >
      <div style={{ display: 'flex', alignItems: 'center', gap: 8, flex: '1 1 280px', minWidth: 0 }}>
        <span style={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-test="rows-returned">
          {t('{{rows}} rows returned', { count: limits.rows, rows: formatNumber(limits.rows) })}
        </span>
        {limitWarning && (
          <Tooltip title={t(limitWarning.key, limitWarning.values ?? {})}>
            <span
              style={{ color: '#ad6800', display: 'inline-flex', alignItems: 'center', gap: 6, minWidth: 0 }}
              data-test="limit-warning"
            >
              <WarningOutlined />
              <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                {t(limitWarning.key, limitWarning.values ?? {})}
              </span>
            </span>
          </Tooltip>
        )}
      </div>
      <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
        {onCreateDataset && (
          <Button size="small" icon={<DatabaseOutlined />} onClick={onCreateDataset} data-test="create-dataset">
            {t('Create dataset')}
          </Button>
        )}
        {onExplore && (
          <Button size="small" icon={<BarChartOutlined />} onClick={onExplore} data-test="explore-results">
            {t('Explore')}
          </Button>
        )}
        {csvEnabled && (
          <Tooltip title={t('Download the rows shown as a CSV file')}>
            <Button
              size="small"
              icon={<DownloadOutlined />}
              onClick={() => downloadCsv(columns, data, fileName)}
              disabled={data.length === 0}
              data-test="download-csv"
            >
              {t('Download CSV')}
            </Button>
          </Tooltip>
        )}
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() =>
            void copy(
              toTsv(
                data,
                columns.map((column) => column.name),
              ),
            )
          }
          disabled={data.length === 0}
          data-test="copy-results"
        >
          {t('Copy to clipboard')}
        </Button>
      </div>
    </div>
  );
}
