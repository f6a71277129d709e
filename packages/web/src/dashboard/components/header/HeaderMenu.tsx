// The header's "…" menu (spec §2): refresh, auto-refresh interval, fullscreen, edit properties, edit CSS, set filter
// mapping, share (copy permalink, share by email), manage email report, save as, embed dashboard, download as image.
import { EllipsisOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps, message } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDangerToast, addSuccessToast } from '../../../components/toasts/state/message-toasts';
import { downloadChartImage, downloadElementPdf } from '../../../explore/components/chart-image';
import { i18nKey } from '../../../i18n/i18n';
import { useReportMenu } from '../../../reports/components/use-report-menu';
import { useCan } from '../../../session/use-session';
import { COPY_SUCCESS_MESSAGE, copyTextToClipboard } from '../../../sqllab/components/copy-to-clipboard';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardStateActions } from '../../state/dashboard-state';
import { PERMALINK_FAILED } from '../../state/messages';
import { selectLegacyFilters } from '../../state/selectors';
import { createPermalink, refreshDashboard } from '../../state/thunks/header-actions';

export type HeaderModal = 'properties' | 'css' | 'saveAs' | 'embedded' | 'filterScopes';

/** Auto-refresh choices in seconds, as Superset offers them. */
export const REFRESH_INTERVALS: Array<[number, string]> = [
  [0, i18nKey("Don't refresh")],
  [10, i18nKey('10 seconds')],
  [30, i18nKey('30 seconds')],
  [60, i18nKey('1 minute')],
  [300, i18nKey('5 minutes')],
  [1800, i18nKey('30 minutes')],
  [3600, i18nKey('1 hour')],
  [21600, i18nKey('6 hours')],
  [43200, i18nKey('12 hours')],
  [86400, i18nKey('24 hours')],
];

interface Props {
  onOpenModal: (modal: HeaderModal) => void;
  onFullscreen: () => void;
  gridElement: () => HTMLElement | null;
}

const DOWNLOAD_KEY = 'dashboard-download';

export default function HeaderMenu({ onOpenModal, onFullscreen, gridElement }: Props) {
  const [messageApi, messageHolder] = message.useMessage();
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const info = useAppSelector((state) => state.dashboardInfo);
  const { editMode, refreshFrequency, isRefreshing } = useAppSelector((state) => state.dashboardState);
  const hasLegacyFilters = useAppSelector((state) => selectLegacyFilters(state).length > 0);
  const reportMenu = useReportMenu(
    info.id === null ? null : { kind: 'dashboards', id: info.id, name: info.dashboard_title },
  );
  // Superset's set_embedded: owners and admins holding can_set_embedded.
  const canEmbed = useCan('can_set_embedded', 'Dashboard') && info.dash_edit_perm;

  const permalink = async (): Promise<string | null> => {
    try {
      return await dispatch(createPermalink());
    } catch {
      dispatch(addDangerToast(t(PERMALINK_FAILED)));
      return null;
    }
  };

  const items: MenuProps['items'] = [
    { key: 'refresh', label: t('Refresh dashboard'), disabled: isRefreshing },
    {
      key: 'auto-refresh',
      label: t('Set auto-refresh interval'),
      children: REFRESH_INTERVALS.map(([seconds, label]) => ({
        key: `interval:${seconds}`,
        label: `${seconds === refreshFrequency ? '✓ ' : ''}${t(label)}`,
      })),
    },
    { key: 'fullscreen', label: t('Enter fullscreen') },
    { type: 'divider' },
    ...(info.dash_edit_perm ? [{ key: 'properties', label: t('Edit properties') }] : []),
    ...(editMode ? [{ key: 'css', label: t('Edit CSS') }] : []),
    // Superset's legacy filter mapping: in edit mode, on dashboards that have legacy filters (filter boxes).
    ...(editMode && hasLegacyFilters ? [{ key: 'filter-scopes', label: t('Set filter mapping') }] : []),
    ...(info.dash_share_perm
      ? [
          {
            key: 'share',
            label: t('Share'),
            children: [
              { key: 'copy-link', label: t('Copy permalink to clipboard') },
              { key: 'email', label: t('Share permalink by email') },
            ],
          },
        ]
      : []),
    ...(reportMenu.item && !editMode ? [reportMenu.item] : []),
    ...(info.dash_save_perm ? [{ key: 'save-as', label: t('Save as') }] : []),
    ...(canEmbed && !editMode ? [{ key: 'embed', label: t('Embed dashboard') }] : []),
    {
      key: 'download',
      label: t('Download'),
      children: [
        { key: 'image', label: t('Download as image') },
        { key: 'pdf', label: t('Download as PDF') },
      ],
    },
  ];

  const onClick: MenuProps['onClick'] = async ({ key }) => {
    if (key.startsWith('interval:')) {
      const seconds = Number(key.slice('interval:'.length));
      dispatch(dashboardStateActions.refreshFrequencySet({ refreshFrequency: seconds, persist: editMode }));
      return;
    }
    switch (key) {
      case 'refresh':
        dispatch(refreshDashboard());
        break;
      case 'fullscreen':
        onFullscreen();
        break;
      case 'properties':
        onOpenModal('properties');
        break;
      case 'css':
        onOpenModal('css');
        break;
      case 'filter-scopes':
        onOpenModal('filterScopes');
        break;
      case 'save-as':
        onOpenModal('saveAs');
        break;
      case 'embed':
        onOpenModal('embedded');
        break;
      case 'copy-link': {
        const link = await permalink();
        if (!link) return;
        const copied = await copyTextToClipboard(link);
        dispatch(copied ? addSuccessToast(t(COPY_SUCCESS_MESSAGE)) : addDangerToast(t(PERMALINK_FAILED)));
        break;
      }
      case 'email': {
        const link = await permalink();
        if (!link) return;
        const subject = encodeURIComponent(`${t('Superset dashboard')} ${info.dashboard_title}`);
        const body = encodeURIComponent(`${t('Check out this dashboard: ')}${link}`);
        window.location.href = `mailto:?Subject=${subject}&Body=${body}`;
        break;
      }
      case 'image':
      case 'pdf': {
        const element = gridElement();
        if (!element) return;
        const name = info.dashboard_title || 'dashboard';
        // Rendering a whole dashboard takes seconds: say so until the file is there.
        messageApi.open({ key: DOWNLOAD_KEY, type: 'loading', content: t('Preparing the download…'), duration: 0 });
        try {
          await (key === 'pdf' ? downloadElementPdf(element, name) : downloadChartImage(element, name, true));
        } catch (error) {
          dispatch(addDangerToast(error instanceof Error ? error.message : String(error)));
        } finally {
          messageApi.destroy(DOWNLOAD_KEY);
        }
        break;
      }
    }
  };

  return (
    <>
      {messageHolder}
      {reportMenu.dialogs}
      <Dropdown menu={{ items, onClick: (info) => void onClick(info) }} trigger={['click']} placement="bottomRight">
        <Button icon={<EllipsisOutlined />} aria-label={t('More dashboard actions')} data-test="dashboard-menu" />
      </Dropdown>
    </>
  );
}
