// The value picker's notices for the autocomplete cache states (spec §4, §8): an error, a warning, or that the
// dataset's owner turned suggestions off.
import type { AutocompleteNotice, AutocompletePlan } from '@nezha/core';
import { i18nKey } from '../../i18n/i18n';

export const SERVICE_ERROR_NOTICE: string = i18nKey('The autocomplete service failed; type the values.');
export const SERVICE_NOT_READY_NOTICE: string = i18nKey('The autocomplete service is not ready yet; type the values.');
export const COLUMN_DISABLED_NOTICE: string = i18nKey(
  'Value suggestions are turned off for this column; type the values.',
);
export const TABLE_DISABLED_NOTICE: string = i18nKey(
  'Value suggestions are turned off for this dataset; type the values.',
);

const TEXTS: Record<AutocompleteNotice, string> = {
  service_error: SERVICE_ERROR_NOTICE,
  service_not_ready: SERVICE_NOT_READY_NOTICE,
  column_disabled: COLUMN_DISABLED_NOTICE,
  table_disabled: TABLE_DISABLED_NOTICE,
};

export interface PickerNotice {
  type: 'error' | 'warning' | 'info';
  /** An English catalogue key, shown through t(). */
  text: string;
}

export function pickerNotice(plan: AutocompletePlan): PickerNotice | null {
  return plan.notice ? { type: plan.notice.type, text: TEXTS[plan.notice.kind] } : null;
}
