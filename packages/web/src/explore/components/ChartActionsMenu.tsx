// The chart's "…" menu (spec §2, §7): view query, view results, samples, downloads (CSV, XLSX, image), copy
// permalink, share by email, manage email report, open in SQL Lab, and the saved chart's properties (for its owners).
import {
  CodeOutlined,
  ConsoleSqlOutlined,
  DownloadOutlined,
  EditOutlined,
  EllipsisOutlined,
  FileExcelOutlined,
  FileImageOutlined,
  FileTextOutlined,
  LinkOutlined,
  MailOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { isAdmin } from '@nezha/core';
import { Button, Dropdown, type MenuProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { downloadChartData } from '../../chart-data/chart-data-api';
import { buildChartQuery } from '../../chart-data/run-chart-query';
import { addDangerToast, addSuccessToast } from '../../components/toasts/state/message-toasts';
import { useReportMenu } from '../../reports/components/use-report-menu';
import { useCurrentUser } from '../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { exploreActions } from '../state/explore-slice';
import { copyPermalink, openInSqlLab, shareByEmail } from '../state/thunks/share';
import { downloadChartImage } from './chart-image';

const ChartPropertiesModal = lazy(() => import('../../lists/ChartPropertiesModal'));

export type ChartModal = 'query' | 'results' | 'samples';

interface ChartActionsMenuProps {
  onOpenModal: (modal: ChartModal) => void;
  chartElement: () => HTMLElement | null;
}

export default function ChartActionsMenu({ onOpenModal, chartElement }: ChartActionsMenuProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { form_data, can_download, sliceName, slice } = useAppSelector((state) => state.explore);
  const fileName = sliceName || form_data.viz_type;
  const user = useCurrentUser();
  const [editingProperties, setEditingProperties] = useState(false);
  const mayEditProperties = !!slice && !!user && (isAdmin(user.roles) || slice.owners.includes(user.userId));
  // Only a saved chart can be reported on.
  const reportMenu = useReportMenu(
    slice ? { kind: 'charts', id: slice.slice_id, name: sliceName, vizType: form_data.viz_type } : null,
  );

  const download = async (format: 'csv' | 'xlsx') => {
    try {
      await downloadChartData(buildChartQuery(form_data), format, fileName);
    } catch (error) {
      dispatch(addDangerToast(isApiError(error) ? error.message : String(error)));
    }
  };
  const image = async () => {
    const element = chartElement();
    if (!element) return;
    try {
      await downloadChartImage(element, fileName);
    } catch (error) {
      dispatch(addDangerToast(error instanceof Error ? error.message : String(error)));
    }
  };

  const items: MenuProps['items'] = [
    ...(mayEditProperties
      ? [
          {
            key: 'properties',
            icon: <EditOutlined />,
            label: t('Edit chart properties'),
            onClick: () => setEditingProperties(true),
          },
          { type: 'divider' as const },
        ]
      : []),
    { key: 'query', icon: <CodeOutlined />, label: t('View query'), onClick: () => onOpenModal('query') },
    { key: 'results', icon: <TableOutlined />, label: t('View results'), onClick: () => onOpenModal('results') },
    { key: 'samples', icon: <FileTextOutlined />, label: t('Samples'), onClick: () => onOpenModal('samples') },
    { type: 'divider' },
    {
      key: 'download',
      icon: <DownloadOutlined />,
      label: t('Download'),
      children: [
        {
          key: 'csv',
          icon: <FileTextOutlined />,
          label: t('Export to .CSV'),
          disabled: !can_download,
          onClick: () => void download('csv'),
        },
        {
          key: 'xlsx',
          icon: <FileExcelOutlined />,
          label: t('Export to Excel'),
          disabled: !can_download,
          onClick: () => void download('xlsx'),
        },
        { key: 'image', icon: <FileImageOutlined />, label: t('Download as image'), onClick: () => void image() },
      ],
    },
    { type: 'divider' },
    {
      key: 'permalink',
      icon: <LinkOutlined />,
      label: t('Copy permalink to clipboard'),
      onClick: () => void dispatch(copyPermalink()),
    },
    {
      key: 'share-email',
      icon: <MailOutlined />,
      label: t('Share chart by email'),
      onClick: () => void dispatch(shareByEmail()),
    },
    {
      key: 'sqllab',
      icon: <ConsoleSqlOutlined />,
      label: t('Open in SQL Lab'),
      onClick: () => void dispatch(openInSqlLab()),
    },
    // Last, so a pointer on its way to the entries above never crosses the report sub-menu.
    ...(reportMenu.item ? [{ type: 'divider' as const }, reportMenu.item] : []),
  ];

  return (
    <>
      {reportMenu.dialogs}
      {editingProperties && slice && (
        <Suspense fallback={null}>
          <ChartPropertiesModal
            chartId={slice.slice_id}
            onClose={() => setEditingProperties(false)}
            onSaved={(name) => {
              setEditingProperties(false);
              dispatch(exploreActions.sliceNameChanged(name));
              dispatch(addSuccessToast(t('Changes saved to {{name}}', { name })));
            }}
          />
        </Suspense>
      )}
      <Dropdown menu={{ items }} trigger={['click']} placement="bottomRight">
        <Button icon={<EllipsisOutlined />} aria-label={t('More actions')} data-test="chart-actions" />
      </Dropdown>
    </>
  );
}
