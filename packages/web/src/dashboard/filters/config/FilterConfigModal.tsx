// The native filter configuration dialog: add, edit and delete filters and dividers (deleted ones can be
// restored for 5 seconds), then save them all in one PUT of json_metadata native_filter_configuration.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { isNativeFilter, PENDING_FILTER_REMOVAL_MS } from '@nezha/core';
import { nanoid } from '@reduxjs/toolkit';
import { Alert, Button, Dropdown, Empty, Typography } from 'antd';
import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import DiscardChangesModal from '../../../explore/controls/DiscardChangesModal';
import { closeDecision, draftChanged } from '../../../explore/controls/editor-popover-rules';
import { useEscapeOrigin } from '../../../explore/controls/use-escape-origin';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import {
  filterConfigDraftActions as actions,
  filterConfigDraftReducer,
  initialFilterConfigDraft,
  itemsToSave,
  validateDraft,
} from '../../state/filter-config-draft';
import { saveNativeFilterConfiguration } from '../../state/thunks/filters';
import FilterConfigForm from './FilterConfigForm';

export default function FilterConfigModal({
  onClose,
  initialActiveId,
}: {
  onClose: () => void;
  initialActiveId?: string;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const saved = useAppSelector((state) => state.nativeFilters.filters);
  const [draft, draftDispatch] = useReducer(filterConfigDraftReducer, initialFilterConfigDraft, () =>
    filterConfigDraftReducer(
      initialFilterConfigDraft,
      actions.draftOpened({ items: saved, activeId: initialActiveId ?? null }),
    ),
  );
  const [saving, setSaving] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const body = useRef<HTMLDivElement>(null);
  const escapeOrigin = useEscapeOrigin(true, body);
  const [openedWith] = useState(() => itemsToSave(draft));
  const [tried, setTried] = useState(false);
  const toSave = useMemo(() => itemsToSave(draft), [draft]);
  const errors = useMemo(() => validateDraft(toSave), [toSave]);
  const active = draft.items.find((item) => item.id === draft.activeId && !(item.id in draft.pendingRemovals));

  // Deleted filters go for good once their grace period is over.
  useEffect(() => {
    const pending = Object.values(draft.pendingRemovals);
    if (pending.length === 0) return;
    const next = Math.min(...pending) + PENDING_FILTER_REMOVAL_MS - Date.now();
    const timer = setTimeout(() => draftDispatch(actions.dueItemsRemoved(Date.now())), Math.max(0, next));
    return () => clearTimeout(timer);
  }, [draft.pendingRemovals]);

  const save = async () => {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      const firstInvalid = Object.keys(errors)[0];
      if (firstInvalid) draftDispatch(actions.itemActivated(firstInvalid));
      return;
    }
    setSaving(true);
    const ok = await dispatch(saveNativeFilterConfiguration(toSave));
    setSaving(false);
    if (ok) onClose();
  };

  // Escape for an open list inside closes only that list; unsaved edits are confirmed before they are dropped.
  const cancel = () => {
    const decision = closeDecision({
      reason: escapeOrigin.current ? 'escape' : 'outside',
      innerPopupOpen: escapeOrigin.current?.innerPopupOpen ?? false,
      dirty: draftChanged({ items: openedWith }, { items: toSave }),
      confirming,
    });
    if (decision === 'close') onClose();
    else if (decision === 'confirm') setConfirming(true);
  };

  return (
    <Modal
      open
      title={t('Add and edit filters')}
      width={1040}
      okText={t('Save')}
      cancelText={t('Cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={cancel}
      okButtonProps={{ 'data-test': 'filter-config-save' } as Record<string, string>}
      styles={{ body: { display: 'flex', gap: 16, minHeight: 480 } }}
    >
      {/* display: contents keeps the body's two panes in its flex row; the box only scopes the Escape check. */}
      <div ref={body} style={{ display: 'contents' }}>
        <div style={{ width: 240, flex: '0 0 240px', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'filter', label: t('Filter') },
                { key: 'divider', label: t('Divider') },
              ],
              onClick: ({ key }) => {
                if (key === 'filter') draftDispatch(actions.filterAdded(`NATIVE_FILTER-${nanoid(10)}`));
                else draftDispatch(actions.dividerAdded(`NATIVE_FILTER_DIVIDER-${nanoid(10)}`));
              },
            }}
          >
            <Button
              icon={<PlusOutlined />}
              block
              // Long translations wrap instead of running past the column.
              style={{ marginBottom: 12, whiteSpace: 'normal', height: 'auto' }}
              data-test="add-filter"
            >
              {t('Add filters and dividers')}
            </Button>
          </Dropdown>
          {draft.items.map((item) => {
            const removed = item.id in draft.pendingRemovals;
            const name = isNativeFilter(item) ? item.name || t('[untitled]') : item.title || t('[untitled divider]');
            return (
              <div
                key={item.id}
                data-test="filter-config-item"
                style={{
                  display: 'flex',
                  alignItems: 'center',
                  gap: 6,
                  padding: '6px 8px',
                  borderRadius: 4,
                  cursor: removed ? 'default' : 'pointer',
                  background: item.id === draft.activeId && !removed ? '#e6f7fb' : undefined,
                  color: tried && errors[item.id] ? '#e04355' : undefined,
                }}
              >
                <button
                  type="button"
                  disabled={removed}
                  onClick={() => draftDispatch(actions.itemActivated(item.id))}
                  style={{
                    flex: 1,
                    textAlign: 'left',
                    border: 0,
                    background: 'transparent',
                    font: 'inherit',
                    color: 'inherit',
                    padding: 0,
                    cursor: removed ? 'default' : 'pointer',
                    textDecoration: removed ? 'line-through' : undefined,
                    overflow: 'hidden',
                    textOverflow: 'ellipsis',
                    whiteSpace: 'nowrap',
                  }}
                >
                  {isNativeFilter(item) ? name : `— ${name}`}
                </button>
                {removed ? (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => draftDispatch(actions.itemRestored(item.id))}
                    data-test="restore-filter"
                  >
                    {t('Undo?')}
                  </Button>
                ) : (
                  <Button
                    size="small"
                    type="text"
                    icon={<DeleteOutlined />}
                    aria-label={t('Remove')}
                    data-test="remove-filter"
                    onClick={(event) => {
                      event.stopPropagation();
                      draftDispatch(actions.itemMarkedForRemoval({ id: item.id, now: Date.now() }));
                    }}
                  />
                )}
              </div>
            );
          })}
          {Object.keys(draft.pendingRemovals).length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('Removed filters go in 5 seconds; click Undo? to keep them.')}
            </Typography.Text>
          )}
        </div>
        <div style={{ flex: 1, minWidth: 0, maxHeight: 640, overflowY: 'auto' }}>
          {tried && Object.keys(errors).length > 0 && (
            <Alert type="error" showIcon title={t('Some filters are not complete yet.')} style={{ marginBottom: 12 }} />
          )}
          {active ? (
            <FilterConfigForm
              key={active.id}
              item={active}
              items={draft.items}
              error={tried ? errors[active.id] : undefined}
              onChange={(patch) => draftDispatch(actions.itemChanged({ id: active.id, patch }))}
            />
          ) : (
            <Empty description={t('Add a filter or a divider')} />
          )}
        </div>
      </div>
      <DiscardChangesModal
        open={confirming}
        onKeep={() => setConfirming(false)}
        onDiscard={() => {
          setConfirming(false);
          onClose();
        }}
      />
    </Modal>
  );
}
