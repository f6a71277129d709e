// Superset's annotation layer editor: name, show/hide, type (Formula, Event, Interval, Time series), the formula, an
// annotation layer (NATIVE source) or the source chart with its title, time and description columns and the overrides its query inherits, and the
// display options (colour, opacity, line style and width, markers, hidden line). Apply, Remove, Cancel.
import { Button, Checkbox, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ANNOTATION_TYPES,
  type AnnotationLayer,
  type AnnotationType,
  LINE_STYLES,
  layerOpacity,
  newAnnotationLayer,
  OVERRIDE_KEYS,
  type OverrideKey,
  SOURCE_TYPE_OF,
} from '../../charts/shared/annotations/annotation-layer';
import { i18nKey } from '../../i18n/i18n';
import { fetchSourceChart } from '../api/annotation-api';
import AnnotationNativeLayerSelect from './AnnotationNativeLayerSelect';
import AnnotationSourceChartSelect from './AnnotationSourceChartSelect';
import { type AnnotationLayerErrors, validateAnnotationLayer } from './annotation-layer-validation';
import { sourceColumns } from './annotation-source';

const TYPE_LABELS: Record<AnnotationType, string> = {
  FORMULA: i18nKey('Formula'),
  EVENT: i18nKey('Event'),
  INTERVAL: i18nKey('Interval'),
  TIME_SERIES: i18nKey('Time series'),
};
const STYLE_LABELS: Record<(typeof LINE_STYLES)[number], string> = {
  solid: i18nKey('Solid'),
  dashed: i18nKey('Dashed'),
  dotted: i18nKey('Dotted'),
  longDashed: i18nKey('Long dashed'),
};
const OVERRIDE_LABELS: Record<OverrideKey, string> = {
  time_range: i18nKey('Override time range'),
  granularity: i18nKey('Override time column'),
  time_grain_sqla: i18nKey('Override time grain'),
};

interface Props {
  layer: AnnotationLayer | null;
  otherNames: readonly string[];
  onApply: (layer: AnnotationLayer) => void;
  onRemove?: (() => void) | undefined;
  onClose: () => void;
}

function Field({ label, error, children }: { label: string; error?: string | undefined; children: ReactNode }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography.Text style={{ fontSize: 12 }} type="secondary">
        {label}
      </Typography.Text>
      {children}
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-test="annotation-field-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}

export default function AnnotationLayerEditor({ layer, otherNames, onApply, onRemove, onClose }: Props) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<AnnotationLayer>(() =>
    layer
      ? { ...layer, opacity: layerOpacity(layer, layer.annotationType === 'INTERVAL' ? 0.3 : 1) }
      : newAnnotationLayer(),
  );
  const [columns, setColumns] = useState<string[]>([]);
  const [chartName, setChartName] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const native = draft.sourceType === 'NATIVE';
  const fromChart = draft.annotationType !== 'FORMULA' && !native;
  const records = draft.annotationType === 'EVENT' || draft.annotationType === 'INTERVAL';
  const chartId = fromChart && Number(draft.value) > 0 ? Number(draft.value) : null;

  // The chosen source chart's columns feed the column selects.
  useEffect(() => {
    if (!chartId) {
      setColumns([]);
      return;
    }
    let live = true;
    fetchSourceChart(chartId)
      .then((chart) => {
        if (!live) return;
        setColumns(sourceColumns(chart.form_data));
        setChartName(chart.slice_name);
      })
      .catch(() => live && setColumns([]));
    return () => {
      live = false;
    };
  }, [chartId]);

  const errors: AnnotationLayerErrors = validateAnnotationLayer(draft, otherNames);
  const shown = (field: keyof AnnotationLayerErrors) => (touched ? errors[field] : undefined);
  const valid = Object.keys(errors).length === 0;
  const set = (patch: Partial<AnnotationLayer>) => setDraft((current) => ({ ...current, ...patch }));
  const columnOptions = columns.map((column) => ({ value: column, label: column }));

  const changeType = (annotationType: AnnotationType) => {
    const sourceType = SOURCE_TYPE_OF[annotationType];
    const keepsRecords = records && (annotationType === 'EVENT' || annotationType === 'INTERVAL');
    // Another kind of source (formula, table chart, line chart) means the old value and columns no longer apply;
    // events and intervals read the same sources (an annotation layer or a table chart).
    if (sourceType === draft.sourceType || keepsRecords) set({ annotationType });
    else {
      const fresh = newAnnotationLayer(annotationType);
      set({
        annotationType,
        sourceType,
        value: null,
        overrides: fresh.overrides,
        titleColumn: '',
        descriptionColumns: [],
        timeColumn: '',
        intervalEndColumn: '',
        opacity: annotationType === 'INTERVAL' ? 0.3 : draft.opacity,
      });
    }
  };

  /** Events and intervals come from an annotation layer (Superset's NATIVE source) or a table chart. */
  const changeSource = (sourceType: 'NATIVE' | 'table') => {
    if (sourceType === draft.sourceType) return;
    set({
      sourceType,
      value: null,
      overrides: sourceType === 'NATIVE' ? {} : { time_range: null },
      titleColumn: '',
      descriptionColumns: [],
      timeColumn: '',
      intervalEndColumn: '',
    });
  };

  const apply = () => {
    setTouched(true);
    if (!valid) return;
    onApply({
      ...draft,
      name: draft.name.trim(),
      value: typeof draft.value === 'string' ? draft.value.trim() : draft.value,
    });
  };

  return (
    <div
      data-test="annotation-layer-editor"
      data-source-columns={columns.length}
      style={{ width: 560, maxHeight: '80vh', overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 12 }}
    >
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 16 }}>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Typography.Text strong>{t('Layer configuration')}</Typography.Text>
          <Field label={t('Name')} error={shown('name') && t(shown('name') as string)}>
            <Input
              data-test="annotation-name"
              value={draft.name}
              placeholder={t('Layer name')}
              onChange={(event) => set({ name: event.target.value })}
            />
          </Field>
          <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
            <Switch
              size="small"
              id="annotation-show"
              data-test="annotation-show"
              checked={draft.show}
              onChange={(show) => set({ show })}
            />
            <label htmlFor="annotation-show">{t('Show layer')}</label>
          </div>
          <Field label={t('Annotation layer type')}>
            <Select
              data-test="annotation-type"
              value={draft.annotationType}
              options={ANNOTATION_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
              onChange={changeType}
            />
          </Field>
          {records && (
            <Field label={t('Annotation source')}>
              <Select
                data-test="annotation-source-type"
                value={native ? 'NATIVE' : 'table'}
                options={[
                  { value: 'NATIVE', label: t('Superset annotation') },
                  { value: 'table', label: t('Superset chart (table)') },
                ]}
                onChange={changeSource}
              />
            </Field>
          )}
          {native && (
            <Field label={t('Annotation layer')} error={shown('value') && t(shown('value') as string)}>
              <AnnotationNativeLayerSelect
                value={Number(draft.value) > 0 ? Number(draft.value) : null}
                onChange={(chosen) => set({ value: chosen?.id ?? null })}
              />
            </Field>
          )}
          {native ? null : fromChart ? (
            <>
              {!records && (
                <Field label={t('Annotation source')}>
                  <Input disabled value={t('Superset chart (time series)')} />
                </Field>
              )}
              <Field label={t('Chart')} error={shown('value') && t(shown('value') as string)}>
                <AnnotationSourceChartSelect
                  sourceType={draft.sourceType === 'line' ? 'line' : 'table'}
                  value={chartId}
                  initialLabel={chartName}
                  onChange={(chart) => {
                    setChartName(chart?.slice_name);
                    set({
                      value: chart?.id ?? null,
                      overrides: { time_range: null },
                      titleColumn: '',
                      descriptionColumns: [],
                      timeColumn: '',
                      intervalEndColumn: '',
                    });
                  }}
                />
              </Field>
            </>
          ) : (
            <Field label={t('Formula')} error={shown('value') && t(shown('value') as string)}>
              <Input
                data-test="annotation-formula"
                value={typeof draft.value === 'string' ? draft.value : ''}
                placeholder="y = 2x + 5"
                onChange={(event) => set({ value: event.target.value })}
              />
              <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                {t('x is the x-axis value (epoch milliseconds on a time axis)')}
              </Typography.Text>
            </Field>
          )}
          {fromChart && chartId && (
            <>
              {draft.annotationType !== 'TIME_SERIES' && (
                <>
                  <Field label={t('Title column')}>
                    <Select
                      data-test="annotation-title-column"
                      showSearch={{ optionFilterProp: 'label' }}
                      allowClear
                      value={draft.titleColumn || null}
                      options={columnOptions}
                      onChange={(titleColumn: string | null) => set({ titleColumn: titleColumn ?? '' })}
                    />
                  </Field>
                  <Field
                    label={draft.annotationType === 'INTERVAL' ? t('Interval start column') : t('Event time column')}
                    error={shown('timeColumn') && t(shown('timeColumn') as string)}
                  >
                    <Select
                      data-test="annotation-time-column"
                      showSearch={{ optionFilterProp: 'label' }}
                      value={draft.timeColumn || null}
                      options={columnOptions}
                      onChange={(timeColumn: string) => set({ timeColumn })}
                    />
                  </Field>
                  {draft.annotationType === 'INTERVAL' && (
                    <Field
                      label={t('Interval end column')}
                      error={shown('intervalEndColumn') && t(shown('intervalEndColumn') as string)}
                    >
                      <Select
                        data-test="annotation-interval-end-column"
                        showSearch={{ optionFilterProp: 'label' }}
                        value={draft.intervalEndColumn || null}
                        options={columnOptions}
                        onChange={(intervalEndColumn: string) => set({ intervalEndColumn })}
                      />
                    </Field>
                  )}
                  <Field label={t('Description columns')}>
                    <Select
                      data-test="annotation-description-columns"
                      showSearch={{ optionFilterProp: 'label' }}
                      mode="multiple"
                      value={draft.descriptionColumns ?? []}
                      options={columnOptions}
                      onChange={(descriptionColumns: string[]) => set({ descriptionColumns })}
                    />
                  </Field>
                </>
              )}
              <div style={{ display: 'flex', flexDirection: 'column', gap: 2 }} data-test="annotation-overrides">
                {OVERRIDE_KEYS.map((key) => (
                  <Checkbox
                    key={key}
                    data-test={`annotation-override-${key}`}
                    checked={key in draft.overrides}
                    onChange={(event) => {
                      const overrides = { ...draft.overrides };
                      if (event.target.checked) overrides[key] = null;
                      else delete overrides[key];
                      set({ overrides });
                    }}
                  >
                    {t(OVERRIDE_LABELS[key])}
                  </Checkbox>
                ))}
              </div>
            </>
          )}
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Typography.Text strong>{t('Display configuration')}</Typography.Text>
          <Field label={t('Color')} error={shown('color') ?? errors.color}>
            <div style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
              <span
                style={{
                  width: 22,
                  height: 22,
                  borderRadius: 4,
                  border: '1px solid #d9d9d9',
                  background:
                    draft.color && !errors.color
                      ? draft.color
                      : 'repeating-linear-gradient(45deg,#eee 0 4px,#fff 4px 8px)',
                }}
              />
              <Input
                data-test="annotation-color"
                value={draft.color ?? ''}
                placeholder={t('Scheme colour')}
                onChange={(event) => set({ color: event.target.value.trim() })}
              />
            </div>
          </Field>
          <Field label={t('Opacity')} error={errors.opacity && t(errors.opacity)}>
            <InputNumber
              data-test="annotation-opacity"
              min={0}
              max={1}
              step={0.1}
              value={typeof draft.opacity === 'number' ? draft.opacity : null}
              onChange={(opacity) => set({ opacity: opacity ?? null })}
              style={{ width: '100%' }}
            />
          </Field>
          <Field label={t('Style')}>
            <Select
              data-test="annotation-style"
              value={draft.style ?? 'solid'}
              options={LINE_STYLES.map((style) => ({ value: style, label: t(STYLE_LABELS[style]) }))}
              onChange={(style) => set({ style })}
            />
          </Field>
          <Field label={t('Line width')} error={errors.width && t(errors.width)}>
            <InputNumber
              data-test="annotation-width"
              min={1}
              max={12}
              value={draft.width ?? 1}
              onChange={(width) => set({ width: width ?? 1 })}
              style={{ width: '100%' }}
            />
          </Field>
          {(draft.annotationType === 'FORMULA' || draft.annotationType === 'TIME_SERIES') && (
            <>
              <Checkbox checked={!!draft.showMarkers} onChange={(event) => set({ showMarkers: event.target.checked })}>
                {t('Show markers')}
              </Checkbox>
              <Checkbox checked={!!draft.hideLine} onChange={(event) => set({ hideLine: event.target.checked })}>
                {t('Hide line')}
              </Checkbox>
            </>
          )}
          {(draft.annotationType === 'EVENT' || draft.annotationType === 'INTERVAL') && (
            <Checkbox checked={!!draft.showLabel} onChange={(event) => set({ showLabel: event.target.checked })}>
              {t('Always show label')}
            </Checkbox>
          )}
        </div>
      </div>
      <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
        <div>
          {onRemove && (
            <Button size="small" danger data-test="annotation-remove" onClick={onRemove}>
              {t('Remove')}
            </Button>
          )}
        </div>
        <div style={{ display: 'flex', gap: 8 }}>
          <Button size="small" data-test="annotation-cancel" onClick={onClose}>
            {t('Cancel')}
          </Button>
          <Button size="small" type="primary" data-test="annotation-apply" disabled={touched && !valid} onClick={apply}>
            {layer ? t('Apply') : t('Add')}
          </Button>
        </div>
      </div>
    </div>
  );
}
