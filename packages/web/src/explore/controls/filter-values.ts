// The filter value picker's rules (spec §9 "Filter UI"): autocomplete debounce, paste splitting, 'Select All',
// tag limits and the pill labels of adhoc filters.
import {
  type AdhocFilter,
  FILTER_OPERATORS,
  getMetricLabel,
  type QueryFormMetric,
  resolveOperatorId,
  truncateFilterLabel,
} from '@nezha/core';
import { t } from '../../i18n/i18n';

export const FILTER_POPOVER_MIN_WIDTH = 320;
export const FILTER_POPOVER_MIN_HEIGHT = 400;
export const BASE_DEBOUNCE_MS = 350;
export const MAX_EXTRA_DEBOUNCE_MS = 350;
export const ADVANCED_TYPE_DEBOUNCE_MS = 600;
export const MAX_TAG_COUNT = 7;
export const SHARED_SELECT_MAX_TAG_COUNT = 4;
export const SELECT_PAGE_SIZE = 100;
/** Scrolling past this share of the list loads the next page. */
export const SCROLL_LOAD_THRESHOLD = 0.7;
export const TAG_TEXT_MAX = 20;

/**
 * The autocomplete waits 350 ms, and up to 350 ms more for columns with many distinct values: the extra grows
 * with the order of magnitude of the cardinality, reaching the maximum at a million values.
 */
export function autocompleteDebounceMs(cardinality: number | null | undefined): number {
  if (!cardinality || cardinality <= 1) return BASE_DEBOUNCE_MS;
  const share = Math.min(Math.log10(cardinality) / 6, 1);
  return BASE_DEBOUNCE_MS + Math.round(share * MAX_EXTRA_DEBOUNCE_MS);
}

/** Pasted text becomes several values when it holds a comma, newline, tab or semicolon. */
export function splitPastedValues(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n\t;\r]+/)
        .map((value) => value.trim())
        .filter((value) => value !== ''),
    ),
  ];
}

/** 'Select All' is offered only when more than one enabled option is there to select. */
export function canSelectAll(options: ReadonlyArray<{ value?: unknown; disabled?: boolean }>): boolean {
  return options.filter((option) => !option.disabled).length > 1;
}

/** A tag's text: cut to 20 characters and '...'. */
export function tagText(value: unknown): string {
  const text = String(value);
  return text.length > TAG_TEXT_MAX ? `${text.slice(0, TAG_TEXT_MAX)}...` : text;
}

function comparatorText(comparator: unknown): string {
  if (Array.isArray(comparator)) return comparator.map(String).join(', ');
  return comparator === null || comparator === undefined ? '' : String(comparator);
}

/** The pill text of an adhoc filter, as Superset writes it ("weather IN (sun, rain)"), cut at 43 characters. */
export function adhocFilterLabel(filter: AdhocFilter): string {
  if (filter.filterGroup) return truncateFilterLabel(filter.sqlExpression || t('Filter tree'));
  if (filter.expressionType === 'SQL') return truncateFilterLabel(filter.sqlExpression ?? '');
  if (filter.expressionType === 'COHORT') {
    const id = resolveOperatorId(filter.cohortOperatorId, filter.cohortOperator);
    const op = id ? FILTER_OPERATORS[id].operation : (filter.cohortOperator ?? '');
    const value = comparatorText(filter.cohortComparator);
    return truncateFilterLabel(`Cohort ${filter.cohortName ?? filter.cohort ?? ''} ${op} ${value}`.trim());
  }
  const id = resolveOperatorId(filter.operatorId, filter.operator);
  const op = id ? FILTER_OPERATORS[id].operation : (filter.operator ?? '');
  const arity = id ? FILTER_OPERATORS[id].arity : 'binary';
  const value = comparatorText(filter.comparator);
  const text =
    arity === 'unary' || arity === 'boolean'
      ? `${filter.subject ?? ''} ${op}`
      : arity === 'set'
        ? `${filter.subject ?? ''} ${op} (${value})`
        : `${filter.subject ?? ''} ${op} ${value}`;
  return truncateFilterLabel(text.trim());
}

/** A fresh filter for the popover: a simple WHERE filter with a name of its own. */
export function newAdhocFilter(subject?: string | null): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: subject ?? null,
    operator: null,
    operatorId: null,
    comparator: null,
    isNew: true,
    filterOptionName: `filter_${Math.random().toString(36).slice(2, 10)}_${Date.now().toString(36)}`,
  };
}

/** The subjects a HAVING filter may name: the chart's metrics by label. */
export function metricLabels(metrics: readonly QueryFormMetric[]): string[] {
  return [...new Set(metrics.map(getMetricLabel).filter((label) => label !== ''))];
}
