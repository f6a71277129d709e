// The middle panel: Data and Customize tabs of the viz type's sections (datasource and viz type, time, query,
// advanced analytics, annotation layers, customize), the validation messages and the Run button.
import { Alert, Collapse, Tabs, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ControlPanelSection } from '../../charts/types';
import { i18nKey } from '../../i18n/i18n';
import { useCan } from '../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import Control from '../controls/Control';
import { controlPanelFor, isControlVisible, SAMPLE_RATE_CONTROL } from '../controls/control-panel';
import VizTypeControl from '../controls/VizTypeControl';
import { exploreActions } from '../state/explore-slice';

interface ControlPanelProps {
  footer: ReactNode;
}

export default function ControlPanel({ footer }: ControlPanelProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const formData = useAppSelector((state) => state.explore.form_data);
  const controls = useAppSelector((state) => state.explore.controls);
  const transferred = useAppSelector((state) => state.explore.controlsTransferred);
  const datasource = useAppSelector((state) => state.explore.datasource);
  const canSample = useCan('can_make_sample_query', 'Superset');
  const sections = controlPanelFor(formData.viz_type);
  const change = (controlName: string, value: unknown) =>
    dispatch(exploreActions.controlChanged({ controlName, value }));

  const sourceSection = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }}>
      <div>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('Dataset')}
        </Typography.Text>
        <div data-test="control-panel-datasource" style={{ fontWeight: 600 }}>
          {datasource?.name ?? '—'}
        </div>
      </div>
      <VizTypeControl value={formData.viz_type} onChange={(vizType) => change('viz_type', vizType)} />
    </div>
  );

  const renderSection = (section: ControlPanelSection) => {
    const visible = section.controls.filter(
      (config) => isControlVisible(config, formData) && (config.name !== SAMPLE_RATE_CONTROL.name || canSample),
    );
    return (
      <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
        {section.kind === 'datasource' && sourceSection}
        {visible.map((config) => (
          <Control
            key={config.name}
            config={config}
            value={controls[config.name]?.value ?? formData[config.name] ?? null}
            errors={controls[config.name]?.validationErrors ?? []}
            onChange={(value) => change(config.name, value)}
          />
        ))}
      </div>
    );
  };

  const collapse = (list: ControlPanelSection[]) => (
    <Collapse
      size="small"
      bordered={false}
      defaultActiveKey={list.filter((section) => section.expanded).map((section) => section.label)}
      style={{ background: '#fff' }}
      items={list.map((section) => ({
        key: section.label,
        label: <span data-test={`section-${section.kind}`}>{t(section.label)}</span>,
        children: renderSection(section),
      }))}
    />
  );

  const hasSource = sections.some((section) => section.kind === 'datasource');
  const dataSections: ControlPanelSection[] = [
    ...(hasSource
      ? []
      : [{ label: i18nKey('Chart Source'), kind: 'datasource' as const, expanded: true, controls: [] }]),
    ...sections.filter((section) => section.kind !== 'customize'),
  ];
  const customizeSections = sections.filter((section) => section.kind === 'customize');

  return (
    <section
      data-test="control-panel"
      style={{
        width: 320,
        flex: 'none',
        background: '#fff',
        borderRight: '1px solid #e8ecef',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      {transferred.length > 0 && (
        <Alert
          type="info"
          showIcon
          closable
          title={t('Kept from the previous dataset: {{controls}}', { controls: transferred.join(', ') })}
          style={{ margin: 8 }}
        />
      )}
      <Tabs
        size="small"
        style={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: 'column' }}
        tabBarStyle={{ padding: '0 12px', marginBottom: 0 }}
        items={[
          { key: 'data', label: t('Data'), children: <div style={{ overflow: 'auto' }}>{collapse(dataSections)}</div> },
          ...(customizeSections.length
            ? [{ key: 'customize', label: t('Customize'), children: <div>{collapse(customizeSections)}</div> }]
            : []),
        ]}
        className="nezha-explore-tabs"
      />
      <div style={{ padding: 12, borderTop: '1px solid #f0f0f0' }}>{footer}</div>
    </section>
  );
}
