// The measure definitions editor of the measure viz types: one card per measure with its name and either an
// aggregate over a column (percentile for PERCENTILE) or a custom SQL expression; in calculated mode, a name and
// an expression over saved measures.
import type { MeasureDraft } from '@nezha/core';
import { METRIC_AGGREGATES, PERCENTILE_CHOICES } from '@nezha/core';
import { Button, Input, Radio, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import { columnLabelOf, columnOptions } from './options';

interface MeasuresControlProps {
  value: unknown;
  onChange: (value: MeasureDraft[]) => void;
  calculated: boolean;
}

const asDrafts = (value: unknown): MeasureDraft[] => (Array.isArray(value) ? (value as MeasureDraft[]) : []);

function newDraft(calculated: boolean): MeasureDraft {
  return calculated
    ? { name: '', expressionType: 'SQL', expression: '' }
    : { name: '', expressionType: 'SIMPLE', aggregate: 'SUM', column: null, percentile: null, expression: null };
}

export default function MeasuresControl({ value, onChange, calculated }: MeasuresControlProps) {
  const { t } = useTranslation();
  const datasource = useAppSelector((state) => state.explore.datasource);
  const savedColumns = useAppSelector((state) => state.explore.savedColumns);
  const savedMeasures = useAppSelector((state) => state.explore.savedMeasures);
  const drafts = asDrafts(value);
  const columns = columnOptions(datasource, savedColumns).map((column) => ({
    value: column.column_name,
    label: columnLabelOf(column),
  }));
  const update = (index: number, patch: Partial<MeasureDraft>) =>
    onChange(drafts.map((draft, at) => (at === index ? { ...draft, ...patch } : draft)));
  const remove = (index: number) => onChange(drafts.filter((_, at) => at !== index));

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }} data-test="measures-control">
      {drafts.map((draft, index) => (
        <div
          // Definitions have no id of their own; their position is what the messages name too.
          // biome-ignore lint/suspicious/noArrayIndexKey: position is the definition's identity here
          key={index}
          style={{ border: '1px solid #e6ebf0', borderRadius: 4, padding: 8, display: 'grid', gap: 6 }}
          data-test="measure-definition"
        >
          <div style={{ display: 'flex', gap: 6 }}>
            <Input
              size="small"
              placeholder={t('Measure name')}
              value={draft.name ?? ''}
              onChange={(event) => update(index, { name: event.target.value })}
              data-test="measure-name-input"
            />
            <Button size="small" onClick={() => remove(index)} aria-label={t('Remove')} data-test="measure-remove">
              ×
            </Button>
          </div>
          {!calculated && (
            <Radio.Group
              size="small"
              value={draft.expressionType}
              onChange={(event) =>
                update(index, { expressionType: event.target.value as MeasureDraft['expressionType'] })
              }
              data-test="measure-type"
            >
              <Radio.Button value="SIMPLE">{t('Simple')}</Radio.Button>
              <Radio.Button value="SQL">{t('Custom SQL')}</Radio.Button>
            </Radio.Group>
          )}
          {draft.expressionType === 'SIMPLE' && !calculated ? (
            <>
              <Select
                size="small"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('Select aggregate options')}
                value={draft.aggregate ?? undefined}
                onChange={(aggregate: string) => update(index, { aggregate })}
                options={METRIC_AGGREGATES.map((aggregate) => ({ value: aggregate, label: aggregate }))}
                data-test="measure-aggregate-select"
              />
              <Select
                size="small"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('Select column')}
                value={draft.column ?? undefined}
                onChange={(column: string) => update(index, { column })}
                options={columns}
                data-test="measure-column-select"
              />
              {draft.aggregate === 'PERCENTILE' && (
                <Select
                  size="small"
                  placeholder={t('Select percentile')}
                  value={
                    draft.percentile === null || draft.percentile === undefined ? undefined : Number(draft.percentile)
                  }
                  onChange={(percentile: number) => update(index, { percentile })}
                  options={PERCENTILE_CHOICES.map((choice) => ({ value: choice.value, label: choice.label }))}
                  data-test="measure-percentile-select"
                />
              )}
            </>
          ) : (
            <Input.TextArea
              rows={2}
              placeholder={calculated ? t('e.g. revenue / orders') : t('e.g. SUM(price * quantity)')}
              value={draft.expression ?? ''}
              onChange={(event) => update(index, { expression: event.target.value })}
              style={{ fontFamily: 'monospace', fontSize: 12 }}
              data-test="measure-expression-input"
            />
          )}
        </div>
      ))}
      {calculated && savedMeasures.length > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('Saved measures')}:{' '}
          {savedMeasures
            .flatMap((measure) => [measure.measure_name, ...measure.saved_measures.map((d) => d.name ?? '')])
            .filter((name, at, all) => name && all.indexOf(name) === at)
            .join(', ')}
        </Typography.Text>
      )}
      <Button
        size="small"
        type="dashed"
        onClick={() => onChange([...drafts, newDraft(calculated)])}
        data-test="measure-add"
      >
        + {calculated ? t('Add calculated measure') : t('Add measure')}
      </Button>
    </div>
  );
}
