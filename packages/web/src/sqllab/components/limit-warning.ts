// Which "rows returned" sentence and limit warning a result shows (Superset's ResultSet rules).
import { i18nKey } from '../../i18n/i18n';
import type { ResultLimits } from './types';

/** A sentence to pass to t() with its values. */
export interface Message {
  key: string;
  values?: Record<string, string | number>;
}

export interface RowsReturned {
  rowsReturned: Message;
  /** Why fewer rows may be shown than the query would return; null when nothing limited them. */
  limitWarning: Message | null;
}

export interface RowsReturnedOptions {
  /** CSV export is allowed; the "limited by the query" warning only matters then. */
  csvEnabled?: boolean;
  /** How the row count is written ("1,000"); defaults to the plain number. */
  formatNumber?: (n: number) => string;
}

export function rowsReturned(limits: ResultLimits, options: RowsReturnedOptions = {}): RowsReturned {
  const { rows, limitingFactor, queryLimit, defaultQueryLimit, displayLimitReached } = limits;
  const csvEnabled = options.csvEnabled ?? true;
  const shown = (options.formatNumber ?? String)(rows);
  const values = { rows: shown };
  // A plural: the count picks the form, {{rows}} shows it written the reader's way.
  const rowsReturnedMessage: Message = { key: i18nKey('{{rows}} rows returned'), values: { ...values, count: rows } };

  // The default limit applied by the dropdown gets its own, plainer sentence.
  const byDefaultDropdown =
    limitingFactor === 'DROPDOWN' &&
    queryLimit != null &&
    defaultQueryLimit != null &&
    queryLimit === defaultQueryLimit;
  let limitWarning: Message | null = null;
  if (limitingFactor === 'QUERY' && csvEnabled) {
    limitWarning = { key: i18nKey('The number of rows displayed is limited to {{rows}} by the query'), values };
  } else if (limitingFactor === 'DROPDOWN' && !byDefaultDropdown) {
    limitWarning = {
      key: i18nKey('The number of rows displayed is limited to {{rows}} by the limit dropdown.'),
      values,
    };
  } else if (limitingFactor === 'QUERY_AND_DROPDOWN') {
    limitWarning = {
      key: i18nKey('The number of rows displayed is limited to {{rows}} by the query and limit dropdown.'),
      values,
    };
  } else if (byDefaultDropdown) {
    limitWarning = { key: i18nKey('The number of rows displayed is limited to {{rows}} by the dropdown.'), values };
  } else if (displayLimitReached) {
    limitWarning = { key: i18nKey('The number of results displayed is limited to {{rows}}.'), values };
  }
  return { rowsReturned: rowsReturnedMessage, limitWarning };
}
