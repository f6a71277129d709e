// Chart properties (Superset's PropertiesModal, opened from the chart list's edit action and explore's menu): name,
// description, certification and tags, read from the chart itself. The chart's fields go in one PUT; the tags through
// the tags API.
import { Alert, Form, Input, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import { api } from '../api/client';
import Modal from '../components/Modal';
import { useFormSave } from '../settings/use-form-save';
import TagsSelect from '../tags/TagsSelect';
import { saveObjectTags } from '../tags/tags-api';

interface Values {
  slice_name: string;
  description: string;
  certified_by: string;
  certification_details: string;
  tags: string[];
}

interface ChartDetail {
  slice_name: string;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  tags?: Array<{ name: string }>;
}

interface ChartPropertiesModalProps {
  chartId: number;
  onClose: () => void;
  onSaved: (name: string) => void;
}

export default function ChartPropertiesModal({ chartId, onClose, onSaved }: ChartPropertiesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  // The tags the chart has now; the dialog waits for the chart, so a save never drops what it did not show.
  const [savedTags, setSavedTags] = useState<string[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    api.get<{ result: ChartDetail }>(`/api/v1/chart/${chartId}`).then(
      ({ result }) => {
        const names = (result.tags ?? []).map((tag) => tag.name);
        form.setFieldsValue({
          slice_name: result.slice_name,
          description: result.description ?? '',
          certified_by: result.certified_by ?? '',
          certification_details: result.certification_details ?? '',
          tags: names,
        });
        setSavedTags(names);
      },
      (failure: unknown) => setLoadError(isApiError(failure) ? failure.message : String(failure)),
    );
  }, [chartId, form]);

  const { saving, error, onSave } = useFormSave(
    form,
    ['slice_name', 'description', 'certified_by', 'certification_details'],
    async (values) => {
      const name = values.slice_name.trim();
      await api.put(`/api/v1/chart/${chartId}`, {
        slice_name: name,
        description: values.description || null,
        certified_by: values.certified_by.trim() || null,
        certification_details: values.certification_details || null,
      });
      await saveObjectTags('chart', chartId, savedTags ?? [], values.tags ?? []);
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
          initialValues={{ slice_name: '', description: '', certified_by: '', certification_details: '', tags: [] }}
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
