// Puts a failed save's field errors beside the form fields and returns the message for the dialog's banner.
import type { FormInstance } from 'antd';
import { isApiError } from '../api/api-error';
import { type SavedObjectKind, saveFailureMessage } from '../components/save-failure';

/**
 * Shows each field error of a failed save under its field. Returns the message for the banner, or null when every
 * error the server named was placed on a field: the same words twice (banner and field) read as two problems.
 */
export function applyServerErrors<T>(
  form: FormInstance<T>,
  error: unknown,
  fields: readonly string[],
  kind?: SavedObjectKind,
): string | null {
  const fieldErrors = isApiError(error) ? error.clientError.fieldErrors : undefined;
  if (fieldErrors) {
    const entries = Object.entries(fieldErrors);
    const known = entries.filter(([field]) => fields.includes(field));
    form.setFields(known.map(([name, errors]) => ({ name: name as never, errors })));
    if (known.length > 0 && known.length === entries.length) return null;
  }
  const detail = isApiError(error) ? error.message : String(error);
  // A save of a kind of object says so in the spec's words (spec §8).
  return kind ? saveFailureMessage(kind, error, detail) : detail;
}
