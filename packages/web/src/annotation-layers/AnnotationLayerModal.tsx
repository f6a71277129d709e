// Add/edit annotation layer dialog: the layer's name and description.
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { useFormSave } from '../settings/use-form-save';
import {
  type AnnotationLayerItem,
  type AnnotationLayerPayload,
  createAnnotationLayer,
  updateAnnotationLayer,
} from './annotation-layer-api';

interface AnnotationLayerModalProps {
  layer: AnnotationLayerItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function AnnotationLayerModal({ layer, onClose, onSaved }: AnnotationLayerModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<AnnotationLayerPayload>();
  const { saving, error, onSave } = useFormSave(
    form,
    ['name', 'descr'],
    async (values) => {
      const payload = { name: values.name.trim(), descr: values.descr?.trim() ? values.descr : null };
      if (layer) await updateAnnotationLayer(layer.id, payload);
      else await createAnnotationLayer(payload);
      onSaved(payload.name, layer === null);
    },
    'annotation_layer',
  );

  return (
    <Modal
      open
      title={layer ? t('Edit annotation layer') : t('Add annotation layer')}
      okText={layer ? t('Save') : t('Add')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={560}
      data-test="annotation-layer-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<AnnotationLayerPayload>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ name: layer?.name ?? '', descr: layer?.descr ?? '' }}
      >
        <Form.Item
          label={t('Annotation layer name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('Name is required') }, { max: 250 }]}
        >
          <Input placeholder={t('Name')} data-test="annotation-layer-name" />
        </Form.Item>
        <Form.Item label={t('Description')} name="descr">
          <Input.TextArea rows={4} placeholder={t('Description (this can be seen in the list)')} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
