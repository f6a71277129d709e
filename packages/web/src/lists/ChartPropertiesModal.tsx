// Chart properties (Superset's PropertiesModal, opened from the chart list's edit action): name, description,
// certification and tags. The chart's fields go in one PUT; the tags through the tags API.
import { Alert, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../api/client';
import { useFormSave } from '../settings/use-form-save';
import TagsSelect from '../tags/TagsSelect';
import { fetchObjectTagNames, saveObjectTags } from '../tags/tags-api';
import type { ChartListItem } from './chart-list-api';

interface Values {
  slice_name: string;
  description: string;
  certified_by: string;
  certification_details: string;
  tags: string[];
}

interface ChartPropertiesModalProps {
  chart: ChartListItem;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export default function ChartPropertiesModal({ chart, onClose, onSaved }: ChartPropertiesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // The tags the chart has now; the dialog waits for them, so a save never drops one it did not show.
  const [savedTags, setSavedTags] = useState<string[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    fetchObjectTagNames('chart', chart.id).then(
      (names) => {
        setSavedTags(names);
        form.setFieldValue('tags', names);
      },
      (failure: unknown) => setLoadError(String(failure)),
    );
  }, [chart.id, form]);

  const { saving, error, onSave } = useFormSave(
    form,
    ['slice_name', 'description', 'certified_by', 'certification_details'],
    async (values) => {
      const name = values.slice_name.trim();
      await api.put(`/api/v1/chart/${chart.id}`, {
        slice_name: name,
        description: values.description || null,
        certified_by: values.certified_by.trim() || null,
        certification_details: values.certification_details || null,
      });
      await saveObjectTags('chart', chart.id, savedTags ?? [], values.tags ?? []);
      onSaved(name);
    },
  );

  return (
    <Modal
      open
      title={t('Chart properties')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      okButtonProps={{ disabled: savedTags === null }}
      mask={{ closable: false }}
      width={600}
      data-test="chart-properties-modal"
    >
      {(error ?? loadError) && <Alert type="error" showIcon title={error ?? loadError} style={{ marginBottom: 16 }} />}
      <Spin spinning={savedTags === null && !loadError}>
        <Form<Values>
          form={form}
          layout="vertical"
          disabled={saving}
          initialValues={{
            slice_name: chart.slice_name,
            description: chart.description ?? '',
            certified_by: chart.certified_by ?? '',
            certification_details: chart.certification_details ?? '',
            tags: [],
          }}
        >
          <Form.Item
            label={t('Name')}
            name="slice_name"
            rules={[{ required: true, whitespace: true, message: t('Name is required') }, { max: 250 }]}
          >
            <Input data-test="chart-properties-name" />
          </Form.Item>
          <Form.Item label={t('Description')} name="description">
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item label={t('Certified by')} name="certified_by">
            <Input />
          </Form.Item>
          <Form.Item label={t('Certification details')} name="certification_details">
            <Input />
          </Form.Item>
          <Form.Item label={t('Tags')} name="tags">
            <TagsSelect data-test="chart-properties-tags" />
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
