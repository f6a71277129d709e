// The last run's state as Superset's AlertStatusIcon draws it: an icon with its meaning as tooltip (and name).

import {
  CheckOutlined,
  CloseOutlined,
  ExclamationCircleOutlined,
  LoadingOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import type { ReportState } from '../api/report-api';

/** The log's Noop and Grace under Superset's names too. */
export function normalizeState(state: ReportState | null): 'Working' | 'Success' | 'Error' | 'Noop' | 'Grace' | null {
  if (state === 'Not triggered') return 'Noop';
  if (state === 'On Grace') return 'Grace';
  return state;
}

export const STATE_LABELS = {
  Working: i18nKey('Working'),
  Success: i18nKey('Success'),
  Error: i18nKey('Error'),
  Noop: i18nKey('Not triggered'),
  Grace: i18nKey('On Grace'),
};

interface ReportStateIconProps {
  state: ReportState | null;
  isReport: boolean;
  /** The state's name beside the icon (the log page). */
  withLabel?: boolean;
}

export default function ReportStateIcon({ state, isReport, withLabel = false }: ReportStateIconProps) {
  const { t } = useTranslation();
  const normalized = normalizeState(state);
  let icon: ReactNode;
  let tip: string;
  switch (normalized) {
    case 'Success':
      icon = isReport ? (
        <CheckOutlined style={{ color: '#389e0d' }} />
      ) : (
        <WarningOutlined style={{ color: '#cf1322' }} />
      );
      tip = isReport ? t('Report sent') : t('Alert triggered, notification sent');
      break;
    case 'Working':
      icon = <LoadingOutlined style={{ color: '#1677ff' }} />;
      tip = isReport ? t('Report sending') : t('Alert running');
      break;
    case 'Error':
      icon = <CloseOutlined style={{ color: '#cf1322' }} />;
      tip = isReport ? t('Report failed') : t('Alert failed');
      break;
    case 'Grace':
      icon = <ExclamationCircleOutlined style={{ color: '#d46b08' }} />;
      tip = t('Alert Triggered, In Grace Period');
      break;
    default:
      icon = <CheckOutlined style={{ color: normalized === 'Noop' ? '#389e0d' : '#bfbfbf' }} />;
      tip = normalized === 'Noop' ? t('Nothing triggered') : t('Not run yet');
  }
  return (
    <Tooltip title={tip} placement="bottomLeft">
      <span
        data-test="report-state"
        data-state={normalized ?? ''}
        role="img"
        aria-label={tip}
        style={{ display: 'inline-flex', gap: 6, alignItems: 'center' }}
      >
        {icon}
        {withLabel && normalized && <span>{t(STATE_LABELS[normalized])}</span>}
      </span>
    </Tooltip>
  );
}
