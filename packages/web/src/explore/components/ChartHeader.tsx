// The chart header: the editable chart name, the favourite star, metadata, the page's own actions (the assistant's
// toggle), Save and the "…" menu.
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import type { SemanticKind } from '../api/semantic-api';
import { exploreActions } from '../state/explore-slice';
import { saveModalActions } from '../state/save-modal-slice';
import { semanticKindOf } from '../state/semantic-kinds';
import { toggleFavorite } from '../state/thunks/favorite';
import ChartActionsMenu, { type ChartModal } from './ChartActionsMenu';

interface ChartHeaderProps {
  onOpenModal: (modal: ChartModal) => void;
  chartElement: () => HTMLElement | null;
  /** More actions the page puts beside Save, e.g. the assistant's toggle. */
  actions?: ReactNode;
}

const NEW_NAME: Record<SemanticKind, string> = {
  measure: i18nKey('New measure'),
  cohort: i18nKey('New cohort'),
  column: i18nKey('New column'),
};

export default function ChartHeader({ onOpenModal, chartElement, actions }: ChartHeaderProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const { slice, sliceName, isStarred, metadata, can_add, can_overwrite, datasource, form_data } = useAppSelector(
    (state) => state.explore,
  );
  const canSave = can_add || can_overwrite;
  const kind = semanticKindOf(form_data.viz_type);
  // A measure, cohort or column is named when saved; a chart can be named here.
  const placeholder = kind ? t(NEW_NAME[kind]) : t('Add the name of the chart');

  return (
    <header
      data-test="chart-header"
      style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '10px 16px', borderBottom: '1px solid #f0f0f0' }}
    >
      <Typography.Title
        level={4}
        // Never narrower than a few words: the metadata gives way first when the header is crowded.
        style={{ margin: 0, flex: '1 1 140px', minWidth: 140 }}
        editable={{
          onChange: (name) => dispatch(exploreActions.sliceNameChanged(name)),
          tooltip: t('Edit the chart name'),
          triggerType: ['text', 'icon'],
        }}
        data-test="chart-name"
      >
        {sliceName || (slice ? '' : placeholder)}
      </Typography.Title>
      {slice && (
        <Tooltip title={isStarred ? t('Unstar') : t('Star')}>
          <Button
            type="text"
            aria-label={isStarred ? t('Unstar') : t('Star')}
            icon={isStarred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
            onClick={() => void dispatch(toggleFavorite(slice.slice_id, isStarred))}
            data-test="favorite-star"
          />
        </Tooltip>
      )}
      {metadata?.changed_on_humanized && (
        <Typography.Text
          type="secondary"
          style={{ fontSize: 12, minWidth: 0, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}
          title={`${t('Modified {{when}}', { when: metadata.changed_on_humanized })}${
            metadata.owners?.length ? ` · ${metadata.owners.join(', ')}` : ''
          }`}
        >
          {t('Modified {{when}}', { when: metadata.changed_on_humanized })}
          {metadata.owners?.length ? ` · ${metadata.owners.join(', ')}` : ''}
        </Typography.Text>
      )}
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', flex: 'none' }}>
        {actions}
        <Tooltip title={canSave ? undefined : t('You do not have permission to save charts')}>
          <Button
            type="primary"
            disabled={!canSave || !datasource || datasource.id <= 0}
            onClick={() => dispatch(saveModalActions.saveModalVisibilitySet(true))}
            data-test="open-save-modal"
          >
            {t('Save')}
          </Button>
        </Tooltip>
        <ChartActionsMenu onOpenModal={onOpenModal} chartElement={chartElement} />
      </div>
    </header>
  );
}
