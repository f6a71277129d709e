// Checks of a filter definition (adhoc filters and AND/OR trees) against a dataset: validity, columns that exist
// and are not sensitive, operators the column or the referenced cohort allows (spec §5), guarded custom SQL.
import {
  type AdhocFilter,
  cohortOperatorsFor,
  type FilterGroup,
  isFilterValid,
  operatorsFor,
  resolveOperatorId,
} from '@nezha/core';
import type { AppContext } from '../app/context.js';
import { NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { getCohort } from '../store/cohorts.js';
import { parseNameList } from './access.js';
import { type DatasetScope, expressionProblem, NO_SUCH_COHORT_MESSAGE, scopeColumn } from './dataset-scope.js';

const asRecord = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

function invalid(field: string, message: string): never {
  throw new ValidationError({ [field]: [message] }, 422);
}

function noSuchCohort(cohort: unknown): NezhaError {
  return new NezhaError({
    type: 'GENERIC_COMMAND_ERROR',
    status: 400,
    message: NO_SUCH_COHORT_MESSAGE,
    extra: { cohort },
  });
}

export interface FilterRuleContext {
  ctx: AppContext;
  scope: DatasetScope;
  /** The cohort being saved: it may not refer to itself. */
  selfCohortId?: number | undefined;
  /** Where errors point, e.g. "params.adhoc_filters". */
  field: string;
}

async function checkCohortFilter(filter: AdhocFilter, rules: FilterRuleContext, field: string): Promise<void> {
  const id = Number(filter.cohort);
  const cohort =
    Number.isSafeInteger(id) && id !== rules.selfCohortId ? await getCohort(rules.ctx.store.db, id) : undefined;
  if (cohort?.datasource_type !== 'table' || cohort.datasource_id !== rules.scope.full.dataset.id) {
    throw noSuchCohort(filter.cohort);
  }
  const operator = resolveOperatorId(filter.cohortOperatorId, filter.cohortOperator);
  const dimensions = parseNameList(cohort.dimensions);
  const dimensionColumns = dimensions.map((name) => rules.scope.columns.get(name));
  const allowed = cohortOperatorsFor({ dimensions, dimensionColumns });
  if (!operator || !allowed.includes(operator)) {
    invalid(field, `Operator "${operator ?? filter.cohortOperator}" is not allowed for cohort "${cohort.cohort_name}"`);
  }
}

function checkSimpleFilter(filter: AdhocFilter, rules: FilterRuleContext, field: string): void {
  // HAVING filters name a metric, not a column; only the clause's numeric comparisons apply.
  const clause = filter.clause === 'HAVING' ? 'HAVING' : 'WHERE';
  const column = clause === 'WHERE' ? scopeColumn(rules.scope, filter.subject) : undefined;
  const operator = resolveOperatorId(filter.operatorId, filter.operator);
  if (!operator || !operatorsFor(column, clause).includes(operator)) {
    const subject = column ? `column "${column.column_name}"` : 'a metric';
    invalid(field, `Operator "${operator ?? filter.operator}" is not allowed for ${subject}`);
  }
}

async function checkFilter(value: unknown, rules: FilterRuleContext, field: string): Promise<void> {
  const record = asRecord(value);
  if (!record) invalid(field, 'Invalid adhoc filter');
  const filter = record as unknown as AdhocFilter;
  // A tree travels inside a filter; the tree is what applies, the filter's own text is only its fallback.
  if (filter.filterGroup) {
    await checkGroup(filter.filterGroup, rules, `${field}.filterGroup`);
    return;
  }
  if (!isFilterValid(filter)) invalid(field, 'Invalid adhoc filter');
  if (filter.expressionType === 'SQL') {
    const problem = expressionProblem(filter.sqlExpression ?? '', rules.scope);
    if (problem) throw new ValidationError({ [field]: [problem] }, 400);
  } else if (filter.expressionType === 'COHORT') {
    await checkCohortFilter(filter, rules, field);
  } else {
    checkSimpleFilter(filter, rules, field);
  }
}

async function checkGroup(group: FilterGroup, rules: FilterRuleContext, field: string): Promise<void> {
  const record = asRecord(group);
  const filters = Array.isArray(record?.filters) ? record.filters : [];
  const groups = Array.isArray(record?.groups) ? record.groups : [];
  if (!record || (record.operator !== 'AND' && record.operator !== 'OR')) invalid(field, 'Invalid filter group');
  if (filters.length === 0 && groups.length === 0) invalid(field, 'A filter group cannot be empty');
  for (const [index, filter] of filters.entries()) await checkFilter(filter, rules, `${field}.filters.${index}`);
  for (const [index, inner] of groups.entries())
    await checkGroup(inner as FilterGroup, rules, `${field}.groups.${index}`);
}

/** Every filter of the definition, trees included; the first problem is thrown. */
export async function assertFilterDefinition(filters: readonly unknown[], rules: FilterRuleContext): Promise<void> {
  for (const [index, filter] of filters.entries()) await checkFilter(filter, rules, `${rules.field}.${index}`);
}
