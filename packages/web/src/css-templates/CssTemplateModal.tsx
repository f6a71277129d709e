// Add/edit CSS template dialog: the template's name and its CSS.
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { useFormSave } from '../settings/use-form-save';
import {
  type CssTemplateItem,
  type CssTemplatePayload,
  createCssTemplate,
  updateCssTemplate,
} from './css-template-api';

// A CSS example, the same in every language.
const CSS_EXAMPLE = '.dashboard-header { background: #fafafa; }';

interface CssTemplateModalProps {
  template: CssTemplateItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function CssTemplateModal({ template, onClose, onSaved }: CssTemplateModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CssTemplatePayload>();
  const { saving, error, onSave } = useFormSave(
    form,
    ['template_name', 'css'],
    async (values) => {
      const payload = { template_name: values.template_name.trim(), css: values.css ?? '' };
      if (template) await updateCssTemplate(template.id, payload);
      else await createCssTemplate(payload);
      onSaved(payload.template_name, template === null);
    },
    'css_template',
  );

  return (
    <Modal
      open
      title={template ? t('Edit CSS template') : t('Add CSS template')}
      okText={template ? t('Save') : t('Add')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={720}
      data-test="css-template-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<CssTemplatePayload>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ template_name: template?.template_name ?? '', css: template?.css ?? '' }}
      >
        <Form.Item
          label={t('CSS template name')}
          name="template_name"
          rules={[{ required: true, whitespace: true, message: t('Name is required') }, { max: 250 }]}
        >
          <Input placeholder={t('Name')} data-test="css-template-name" />
        </Form.Item>
        <Form.Item label={t('CSS')} name="css">
          <Input.TextArea
            rows={14}
            spellCheck={false}
            style={{ fontFamily: 'monospace' }}
            placeholder={CSS_EXAMPLE}
            data-test="css-template-css"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
