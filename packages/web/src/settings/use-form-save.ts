// The save step of an add/edit dialog: check the form, call the server, put its refusal beside the fields.
import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { SavedObjectKind } from '../components/save-failure';
import { applyServerErrors } from './server-errors';

/**
 * `onSave` validates the form, then runs `save` with its values. While it runs `saving` is true (and stays true on
 * success: the dialog closes); a refusal puts each field error under its field and the rest in `error`.
 */
export function useFormSave<T>(
  form: FormInstance<T>,
  fields: readonly string[],
  save: (values: T) => Promise<void>,
  kind?: SavedObjectKind,
) {
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onSave = async () => {
    let values: T;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await save(values);
    } catch (failure) {
      setError(applyServerErrors(form, failure, fields, kind));
      setSaving(false);
    }
  };
  return { saving, error, onSave };
}
