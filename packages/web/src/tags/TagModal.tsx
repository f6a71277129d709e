// Add/edit tag dialog of the Tags page: the tag's name and description.
import { tagNameProblem } from '@nezha/core';
import { Alert, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { useFormSave } from '../settings/use-form-save';
import { createTag, type TagItem, updateTag } from './tags-api';

interface Values {
  name: string;
  description: string;
}

interface TagModalProps {
  tag: TagItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function TagModal({ tag, onClose, onSaved }: TagModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { saving, error, onSave } = useFormSave(form, ['name', 'description'], async (values) => {
    const payload = { name: values.name.trim(), description: values.description ?? '' };
    if (tag) await updateTag(tag.id, payload);
    else await createTag(payload);
    onSaved(payload.name, tag === null);
  });

  return (
    <Modal
      open
      title={tag ? t('Edit Tag') : t('Create Tag')}
      okText={tag ? t('Save') : t('Create')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      data-test="tag-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{ name: tag?.name ?? '', description: tag?.description ?? '' }}
      >
        <Form.Item
          label={t('Tag name')}
          name="name"
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                if (tagNameProblem(value ?? '')) {
                  throw new Error(t('A tag name needs 1 to 250 characters, without commas or colons.'));
                }
              },
            },
          ]}
        >
          <Input data-test="tag-name" />
        </Form.Item>
        <Form.Item label={t('Description')} name="description">
          <Input.TextArea rows={3} data-test="tag-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
