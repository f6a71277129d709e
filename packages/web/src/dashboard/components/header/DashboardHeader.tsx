// The dashboard header: title, favourite star, published/draft badge, and either the view actions (edit, "…")
// or the edit actions (undo, redo, discard, save, "…").
import { RedoOutlined, StarFilled, StarOutlined, UndoOutlined } from '@ant-design/icons';
import { canRedo, canUndo, HEADER_ID } from '@nezha/core';
import { Button, Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { addDangerToast } from '../../../components/toasts/state/message-toasts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { dashboardLayoutActions } from '../../state/dashboard-layout';
import { dashboardStateActions } from '../../state/dashboard-state';
import { NO_PUBLISH_PERMISSION } from '../../state/messages';
import { toggleFavorite, togglePublished } from '../../state/thunks/header-actions';
import { editLayout, redoLayout, undoLayout } from '../../state/thunks/layout-edits';
import HeaderMenu, { type HeaderModal } from './HeaderMenu';

interface Props {
  hideTitle: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onOpenModal: (modal: HeaderModal) => void;
  onFullscreen: () => void;
  gridElement: () => HTMLElement | null;
}

export default function DashboardHeader({
  hideTitle,
  onSave,
  onDiscard,
  onOpenModal,
  onFullscreen,
  gridElement,
}: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const info = useAppSelector((state) => state.dashboardInfo);
  const { editMode, isStarred, isPublished, hasUnsavedChanges, dashboardIsSaving } = useAppSelector(
    (state) => state.dashboardState,
  );
  const history = useAppSelector((state) => state.dashboardLayout);
  const title = history.present[HEADER_ID]?.meta.text;
  const shownTitle = typeof title === 'string' && title ? title : info.dashboard_title;
  if (hideTitle) return null;
  return (
    <div
      data-test="dashboard-header"
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 12,
        padding: '12px 24px',
        background: '#fff',
        borderBottom: '1px solid #e0e0e0',
        position: 'sticky',
        top: 0,
        zIndex: 50,
      }}
    >
      <Typography.Title
        level={3}
        style={{ margin: 0, maxWidth: '50%' }}
        data-test="dashboard-title"
        editable={
          editMode
            ? {
                onChange: (value) => dispatch(editLayout(dashboardLayoutActions.dashboardTitleChanged(value))),
                triggerType: ['text', 'icon'],
              }
            : false
        }
      >
        {shownTitle}
      </Typography.Title>
      <Button
        type="text"
        aria-label={isStarred ? t('Unstar') : t('Star')}
        icon={isStarred ? <StarFilled style={{ color: '#fadb14' }} /> : <StarOutlined />}
        onClick={() => void dispatch(toggleFavorite())}
        data-test="dashboard-favorite"
      />
      <Tooltip
        title={
          info.dash_edit_perm
            ? isPublished
              ? t('This dashboard is published. Click to make it a draft.')
              : t('This dashboard is not published, it will not show up in the list of dashboards. Click to publish.')
            : undefined
        }
      >
        <Tag
          color={isPublished ? 'green' : 'default'}
          style={{ cursor: 'pointer' }}
          data-test="dashboard-published"
          onClick={() => {
            if (info.dash_edit_perm) void dispatch(togglePublished());
            else dispatch(addDangerToast(t(NO_PUBLISH_PERMISSION)));
          }}
        >
          {isPublished ? t('Published') : t('Draft')}
        </Tag>
      </Tooltip>
      {info.certified_by && <Tag color="blue">{t('Certified by {{name}}', { name: info.certified_by })}</Tag>}
      <div style={{ flex: 1 }} />
      <Space>
        {editMode ? (
          <>
            <Tooltip title={t('Undo the action')}>
              <Button
                icon={<UndoOutlined />}
                disabled={!canUndo(history)}
                onClick={() => dispatch(undoLayout())}
                data-test="undo-action"
                aria-label={t('Undo')}
              />
            </Tooltip>
            <Tooltip title={t('Redo the action')}>
              <Button
                icon={<RedoOutlined />}
                disabled={!canRedo(history)}
                onClick={() => dispatch(redoLayout())}
                data-test="redo-action"
                aria-label={t('Redo')}
              />
            </Tooltip>
            <Button onClick={onDiscard} data-test="discard-changes">
              {t('Discard')}
            </Button>
            <Button
              type="primary"
              disabled={!hasUnsavedChanges}
              loading={dashboardIsSaving}
              onClick={onSave}
              data-test="save-dashboard"
            >
              {t('Save')}
            </Button>
          </>
        ) : (
          info.dash_edit_perm && (
            <Button onClick={() => dispatch(dashboardStateActions.editModeToggled(true))} data-test="edit-dashboard">
              {t('Edit dashboard')}
            </Button>
          )
        )}
        <HeaderMenu onOpenModal={onOpenModal} onFullscreen={onFullscreen} gridElement={gridElement} />
      </Space>
    </div>
  );
}
