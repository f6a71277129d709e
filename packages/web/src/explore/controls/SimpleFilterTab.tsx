// The Simple tab of the filter popover: a column (WHERE) or a metric (HAVING), an operator the subject allows
// (core operatorsFor) and the value(s) with autocomplete.
import {
  type AdhocFilter,
  chooseComparator,
  chooseOperator,
  chooseSubject,
  FILTER_OPERATORS,
  type OperatorId,
  operatorsFor,
  resolveOperatorId,
} from '@nezha/core';
import { Alert, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import ColumnTypeIcon from '../components/ColumnTypeIcon';
import FilterValueSelect from './FilterValueSelect';
import { type ColumnOption, columnLabelOf, genericTypeOf } from './options';

/** Spec §8, one answer for a missing column and a sensitive one. */
export const NO_SUCH_COLUMN =
  "No such column found. The column may not exist or it's a sensitive column keyword. To filter on a metric, try the Custom SQL tab";

interface SimpleFilterTabProps {
  filter: AdhocFilter;
  onChange: (filter: AdhocFilter) => void;
  columns: ColumnOption[];
  metricLabels: string[];
  datasource: { id: number; type: string } | null;
  partitionColumn?: string | readonly string[] | null;
}

const COLUMN_PREFIX = 'column:';
const METRIC_PREFIX = 'metric:';

export default function SimpleFilterTab(props: SimpleFilterTabProps) {
  const { filter, onChange, columns, metricLabels, datasource, partitionColumn } = props;
  const { t } = useTranslation();
  const having = filter.clause === 'HAVING';
  const column = having ? undefined : columns.find((option) => option.column_name === filter.subject);
  const missing = !!filter.subject && !having && !column;
  const operatorId = resolveOperatorId(filter.operatorId, filter.operator);
  const allowed = operatorsFor(column, having ? 'HAVING' : 'WHERE', { partitionColumn: partitionColumn ?? null });
  const arity = operatorId ? FILTER_OPERATORS[operatorId].arity : 'binary';
  const filterable = columns.filter((option) => option.filterable !== false);
  const subjectKey = filter.subject ? `${having ? METRIC_PREFIX : COLUMN_PREFIX}${filter.subject}` : undefined;

  const onSubject = (key: string) => {
    if (key.startsWith(METRIC_PREFIX)) {
      onChange(chooseSubject(filter, { kind: 'metric', label: key.slice(METRIC_PREFIX.length) }));
      return;
    }
    const chosen = columns.find((option) => option.column_name === key.slice(COLUMN_PREFIX.length));
    if (chosen)
      onChange(chooseSubject(filter, { kind: 'column', column: chosen }, { partitionColumn: partitionColumn ?? null }));
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-test="simple-filter-tab">
      {missing && <Alert type="error" showIcon title={t(NO_SUCH_COLUMN)} />}
      <Select
        showSearch={{ optionFilterProp: 'title' }}
        placeholder={t('Select a column or a metric')}
        value={subjectKey}
        onChange={onSubject}
        data-test="filter-subject-select"
        options={[
          {
            label: t('Columns'),
            options: filterable.map((option) => ({
              value: `${COLUMN_PREFIX}${option.column_name}`,
              title: columnLabelOf(option),
              label: (
                <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                  <ColumnTypeIcon type={genericTypeOf(option)} />
                  {columnLabelOf(option)}
                </span>
              ),
            })),
          },
          ...(metricLabels.length
            ? [
                {
                  label: t('Metrics'),
                  options: metricLabels.map((label) => ({
                    value: `${METRIC_PREFIX}${label}`,
                    title: label,
                    label: (
                      <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
                        <ColumnTypeIcon type="metric" />
                        {label}
                      </span>
                    ),
                  })),
                },
              ]
            : []),
        ]}
      />
      <Select
        placeholder={t('Select operator')}
        disabled={!filter.subject}
        value={operatorId ?? undefined}
        onChange={(id: OperatorId) => onChange(chooseOperator(filter, id))}
        options={allowed.map((id) => ({ value: id, label: t(FILTER_OPERATORS[id].display) }))}
        data-test="filter-operator-select"
      />
      {operatorId && (arity === 'set' || arity === 'binary') && (
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {arity === 'set' ? t('Values') : t('Value')}
          </Typography.Text>
          {having ? (
            <InputNumber
              style={{ width: '100%' }}
              value={typeof filter.comparator === 'number' ? filter.comparator : null}
              onChange={(next) => onChange(chooseComparator(filter, next))}
              data-test="filter-having-value"
            />
          ) : (
            <FilterValueSelect
              columnRef={
                datasource && column && datasource.id > 0
                  ? { datasourceType: datasource.type, datasourceId: datasource.id, column: column.column_name }
                  : null
              }
              columnType={column ? genericTypeOf(column) : 'unknown'}
              multi={arity === 'set'}
              value={filter.comparator}
              onChange={(next) => onChange(chooseComparator(filter, next))}
            />
          )}
        </div>
      )}
    </div>
  );
}
