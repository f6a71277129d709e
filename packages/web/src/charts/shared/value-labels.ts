// Item labels of part-of-a-whole charts (pie, funnel, treemap…): key, value and percentage combinations.

import { i18nKey } from '../../i18n/i18n';
import { getNumberFormatter, type NumberFormatter } from './number-format';

export const LABEL_TYPES: Array<[string, string]> = [
  ['key', i18nKey('Category Name')],
  ['value', i18nKey('Value')],
  ['percent', i18nKey('Percentage')],
  ['key_value', i18nKey('Category and Value')],
  ['key_percent', i18nKey('Category and Percentage')],
  ['key_value_percent', i18nKey('Category, Value and Percentage')],
  ['value_percent', i18nKey('Value and Percentage')],
];

const percentFormatter = getNumberFormatter(',.2%');

/** The label of one item; `percent` is 0–100. */
export function formatItemLabel(
  labelType: string,
  name: string,
  value: number | null,
  percent: number,
  formatter: NumberFormatter,
): string {
  const formattedValue = formatter(value);
  const formattedPercent = percentFormatter(percent / 100);
  switch (labelType) {
    case 'value':
      return formattedValue;
    case 'percent':
      return formattedPercent;
    case 'key_value':
      return `${name}: ${formattedValue}`;
    case 'key_percent':
      return `${name}: ${formattedPercent}`;
    case 'key_value_percent':
      return `${name}: ${formattedValue} (${formattedPercent})`;
    case 'value_percent':
      return `${formattedValue} (${formattedPercent})`;
    default:
      return name;
  }
}

export { percentFormatter };
