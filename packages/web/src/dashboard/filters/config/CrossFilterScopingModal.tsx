// Cross-filter scoping: the global scope of all cross-filters, and per chart either that global scope or its own.
import { defaultFilterScope, GLOBAL_SCOPE_POINTER, type NativeFilterScope } from '@nezha/core';
import { Radio, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../../components/Modal';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { useAppStore } from '../../hooks/use-app-store';
import { crossFilterChartIds } from '../../state/thunks/dashboard-metadata';
import { saveCrossFilterScoping } from '../../state/thunks/filters';
import ScopeTree from './ScopeTree';

export default function CrossFilterScopingModal({
  onClose,
  initialChartId,
}: {
  onClose: () => void;
  initialChartId?: number;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const metadata = useAppSelector((state) => state.dashboardInfo.metadata);
  const slices = useAppSelector((state) => state.sliceEntities.slices);
  const chartIds = useMemo(() => crossFilterChartIds(store.getState()), [store]);
  const [selected, setSelected] = useState<number | 'global'>(initialChartId ?? 'global');
  const [globalScope, setGlobalScope] = useState<NativeFilterScope>(
    metadata.global_chart_configuration.scope ?? defaultFilterScope(),
  );
  const [chartScopes, setChartScopes] = useState<Record<number, 'global' | NativeFilterScope>>(() =>
    Object.fromEntries(
      chartIds.map((id) => [id, metadata.chart_configuration[id]?.crossFilters.scope ?? GLOBAL_SCOPE_POINTER]),
    ),
  );
  const [saving, setSaving] = useState(false);
  const chartScope = selected === 'global' ? null : (chartScopes[selected] ?? GLOBAL_SCOPE_POINTER);

  return (
    <Modal
      open
      title={t('Cross-filtering scoping')}
      width={900}
      okText={t('Save')}
      cancelText={t('Cancel')}
      confirmLoading={saving}
      onCancel={onClose}
      onOk={async () => {
        setSaving(true);
        const ok = await dispatch(saveCrossFilterScoping({ globalScope, chartScopes }));
        setSaving(false);
        if (ok) onClose();
      }}
      styles={{ body: { display: 'flex', gap: 16, minHeight: 360 } }}
    >
      <div style={{ width: 240, flex: '0 0 240px', borderRight: '1px solid #f0f0f0', paddingRight: 12 }}>
        {[
          ['global', t('All charts (global scope)')] as const,
          ...chartIds.map((id) => [id, slices[id]?.slice_name ?? String(id)] as const),
        ].map(([key, label]) => (
          <button
            type="button"
            key={String(key)}
            onClick={() => setSelected(key)}
            style={{
              display: 'block',
              width: '100%',
              textAlign: 'left',
              border: 0,
              font: 'inherit',
              padding: '6px 8px',
              borderRadius: 4,
              cursor: 'pointer',
              background: selected === key ? '#e6f7fb' : 'transparent',
            }}
          >
            {label}
            {key !== 'global' && chartScopes[key] !== GLOBAL_SCOPE_POINTER && (
              <Typography.Text type="secondary"> · {t('custom')}</Typography.Text>
            )}
          </button>
        ))}
      </div>
      <div style={{ flex: 1 }}>
        {selected === 'global' ? (
          <>
            <Typography.Paragraph type="secondary">
              {t('Charts a cross-filter reaches unless a chart has its own scope.')}
            </Typography.Paragraph>
            <ScopeTree scope={globalScope} onChange={setGlobalScope} />
          </>
        ) : (
          <>
            <Radio.Group
              value={chartScope === GLOBAL_SCOPE_POINTER ? 'global' : 'custom'}
              onChange={(event) =>
                setChartScopes((current) => ({
                  ...current,
                  [selected]:
                    event.target.value === 'global'
                      ? GLOBAL_SCOPE_POINTER
                      : { ...globalScope, excluded: [...globalScope.excluded, selected] },
                }))
              }
              style={{ marginBottom: 12 }}
            >
              <Radio value="global">{t('Global scope')}</Radio>
              <Radio value="custom">{t('Custom scope')}</Radio>
            </Radio.Group>
            <ScopeTree
              scope={chartScope && chartScope !== GLOBAL_SCOPE_POINTER ? chartScope : globalScope}
              disabledChartId={selected}
              onChange={(scope) => setChartScopes((current) => ({ ...current, [selected]: scope }))}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
