// The Cohort tab of the filter popover: a cohort of the dataset, an operator its dimensions allow (core
// cohortOperatorsFor) and the values among its members.
import {
  type AdhocFilter,
  chooseCohort,
  chooseCohortOperator,
  cohortOperatorsFor,
  FILTER_OPERATORS,
  type OperatorId,
  resolveOperatorId,
} from '@nezha/core';
import { Alert, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import type { Cohort } from '../api/types';
import type { ColumnOption } from './options';

/** Spec §8. */
export const NO_SUCH_COHORT = i18nKey('No such cohort found');

function memberValues(cohort: Cohort | undefined): string[] {
  if (!cohort) return [];
  const fromOptions = (cohort.auto_complete_option ?? []).map((option) => option.label);
  const fromTop = Array.isArray(cohort.top_series) ? cohort.top_series.map((item) => String(item)) : [];
  return [...new Set([...fromOptions, ...fromTop])];
}

export default function CohortFilterTab({
  filter,
  onChange,
  cohorts,
  columns,
}: {
  filter: AdhocFilter;
  onChange: (filter: AdhocFilter) => void;
  cohorts: Cohort[];
  /** The dataset's columns: a one-dimension cohort's operators follow its dimension's type. */
  columns: ColumnOption[];
}) {
  const { t } = useTranslation();
  const cohort = cohorts.find((candidate) => String(candidate.id) === String(filter.cohort));
  const operatorId = resolveOperatorId(filter.cohortOperatorId, filter.cohortOperator);
  const arity = operatorId ? FILTER_OPERATORS[operatorId].arity : 'binary';
  const missing = filter.cohort !== null && filter.cohort !== undefined && !cohort;
  const values = memberValues(cohort);
  const shapeOf = (chosen: Cohort) => {
    const dimensions = chosen.dimensions ?? [];
    return {
      dimensions,
      dimensionColumns: dimensions.map((name) => columns.find((column) => column.column_name === name)),
    };
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 10 }} data-test="cohort-filter-tab">
      {missing && <Alert type="error" showIcon title={t(NO_SUCH_COHORT)} />}
      <Select
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={cohorts.length ? t('Select a cohort') : t('This dataset has no cohorts')}
        value={cohort?.id}
        onChange={(id: number) => {
          const chosen = cohorts.find((candidate) => candidate.id === id);
          if (chosen) {
            onChange(
              chooseCohort(filter, {
                id: chosen.id,
                name: chosen.cohort_name,
                top_series: chosen.top_series,
                ...shapeOf(chosen),
              }),
            );
          }
        }}
        options={cohorts.map((candidate) => ({ value: candidate.id, label: candidate.cohort_name }))}
        data-test="cohort-select"
      />
      <Select
        placeholder={t('Select operator')}
        disabled={!cohort}
        value={operatorId ?? undefined}
        onChange={(id: OperatorId) => onChange(chooseCohortOperator(filter, id))}
        options={(cohort ? cohortOperatorsFor(shapeOf(cohort)) : []).map((id) => ({
          value: id,
          label: t(FILTER_OPERATORS[id].display),
        }))}
        data-test="cohort-operator-select"
      />
      {operatorId && (
        <Select
          mode={arity === 'set' ? 'tags' : undefined}
          showSearch
          allowClear
          placeholder={t('Select or type values')}
          value={
            arity === 'set'
              ? (Array.isArray(filter.cohortComparator) ? filter.cohortComparator : []).map(String)
              : filter.cohortComparator === null || filter.cohortComparator === undefined
                ? undefined
                : String(filter.cohortComparator)
          }
          onChange={(next: string | string[] | undefined) => onChange({ ...filter, cohortComparator: next ?? null })}
          options={values.map((value) => ({ value, label: value }))}
          data-test="cohort-value-select"
        />
      )}
    </div>
  );
}
