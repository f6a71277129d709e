// The coloured badge of a query state (spec §4): offline, failed, stopped danger; pending, fetching info; running warning.

import { type QueryState, stateBadge } from '@nezha/core';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';

const TAG_COLOR = { danger: 'error', info: 'processing', warning: 'warning', success: 'success' } as const;

const STATE_LABEL: Record<QueryState | 'offline', string> = {
  offline: i18nKey('offline'),
  started: i18nKey('started'),
  stopped: i18nKey('stopped'),
  failed: i18nKey('failed'),
  pending: i18nKey('pending'),
  running: i18nKey('running'),
  scheduled: i18nKey('scheduled'),
  success: i18nKey('success'),
  fetching: i18nKey('fetching'),
  timed_out: i18nKey('timed out'),
};

interface QueryStateBadgeProps {
  state: QueryState | 'offline';
}

export default function QueryStateBadge({ state }: QueryStateBadgeProps) {
  const { t } = useTranslation();
  const badge = stateBadge(state);
  return (
    <Tag
      color={badge ? TAG_COLOR[badge] : 'default'}
      style={{ marginInlineEnd: 0, textTransform: 'none' }}
      data-test="query-state-badge"
      data-state={state}
    >
      {t(STATE_LABEL[state])}
    </Tag>
  );
}
