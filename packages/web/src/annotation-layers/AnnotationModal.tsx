// Add/edit annotation dialog: short and long description, start and end date-time (UTC), JSON metadata.
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../api/api-error';
import Modal from '../components/Modal';
import { applyServerErrors } from '../settings/server-errors';
import {
  type AnnotationFormValues,
  endBeforeStart,
  isJsonText,
  toAnnotationPayload,
  toInputDateTime,
} from './annotation-form';
import { type AnnotationItem, createAnnotation, updateAnnotation } from './annotation-layer-api';

interface AnnotationModalProps {
  layerId: number;
  annotation: AnnotationItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function AnnotationModal({ layerId, annotation, onClose, onSaved }: AnnotationModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnotationFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    let values: AnnotationFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const payload = toAnnotationPayload(values);
    try {
      if (annotation) await updateAnnotation(layerId, annotation.id, payload);
      else await createAnnotation(layerId, payload);
      onSaved(payload.short_descr, annotation === null);
    } catch (failure) {
      // The server names start_dttm/end_dttm; the form's fields are start/end.
      const message = applyServerErrors(form, failure, ['short_descr', 'long_descr', 'json_metadata'], 'annotation');
      const fieldErrors = fieldErrorsOf(failure);
      if (fieldErrors?.start_dttm) form.setFields([{ name: 'start', errors: fieldErrors.start_dttm }]);
      if (fieldErrors?.end_dttm) form.setFields([{ name: 'end', errors: fieldErrors.end_dttm }]);
      setError(message);
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={annotation ? t('Edit annotation') : t('Add annotation')}
      okText={annotation ? t('Save') : t('Add')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={600}
      data-test="annotation-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<AnnotationFormValues>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{
          short_descr: annotation?.short_descr ?? '',
          start: toInputDateTime(annotation?.start_dttm),
          end: toInputDateTime(annotation?.end_dttm),
          long_descr: annotation?.long_descr ?? '',
          json_metadata: annotation?.json_metadata ?? '',
        }}
      >
        <Form.Item
          label={t('Annotation name')}
          name="short_descr"
          rules={[{ required: true, whitespace: true, message: t('Name is required') }, { max: 500 }]}
        >
          <Input placeholder={t('Name')} data-test="annotation-short-descr" />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item
            label={t('Start (UTC)')}
            name="start"
            style={{ flex: 1 }}
            rules={[{ required: true, message: t('Start date is required') }]}
          >
            <Input type="datetime-local" step={1} data-test="annotation-start" />
          </Form.Item>
          <Form.Item
            label={t('End (UTC)')}
            name="end"
            style={{ flex: 1 }}
            dependencies={['start']}
            rules={[
              { required: true, message: t('End date is required') },
              ({ getFieldValue }) => ({
                validator: (_rule, value: string) =>
                  endBeforeStart(getFieldValue('start') as string, value)
                    ? Promise.reject(new Error(t('End date must be after start date')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input type="datetime-local" step={1} data-test="annotation-end" />
          </Form.Item>
        </div>
        <Form.Item label={t('Description')} name="long_descr">
          <Input.TextArea rows={3} placeholder={t('Description (this can be seen in the list)')} />
        </Form.Item>
        <Form.Item
          label={t('JSON metadata')}
          name="json_metadata"
          rules={[
            {
              validator: (_rule, value: string) =>
                isJsonText(value ?? '') ? Promise.resolve() : Promise.reject(new Error(t('JSON not valid'))),
            },
          ]}
        >
          <Input.TextArea rows={4} spellCheck={false} style={{ fontFamily: 'monospace' }} placeholder="{}" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
