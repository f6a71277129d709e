// "Reset my password": the current password, the new one twice; the server checks the current one and ends the
// user's other sessions and API tokens.
import { Alert, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { addSuccessToast } from '../components/toasts/state/message-toasts';
import { applyServerErrors } from '../settings/server-errors';
import { useAppDispatch } from '../store/hooks';
import { changeMyPassword } from './profile-api';

interface Values {
  current_password: string;
  new_password: string;
  confirm: string;
}

const FIELDS = ['current_password', 'new_password'] as const;
/** The users admin's rule, told before the server says it. */
const MIN_LENGTH = 8;

export default function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };

  const submit = async () => {
    const values = await form.validateFields();
    setSaving(true);
    setError(null);
    try {
      await changeMyPassword(values.current_password, values.new_password);
      dispatch(addSuccessToast(t('Your password was changed. Your other sessions and API tokens were signed out.')));
      close();
    } catch (failure) {
      setError(applyServerErrors(form, failure, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('Reset my password')}
      okText={t('Save')}
      onOk={() => void submit()}
      onCancel={close}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-test': 'change-password-save' } as Record<string, string>}
    >
      {error && (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} data-test="change-password-error" />
      )}
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          label={t('Current password')}
          name="current_password"
          rules={[{ required: true, message: t('Please enter your current password') }]}
        >
          <Input.Password autoComplete="current-password" data-test="current-password" />
        </Form.Item>
        <Form.Item
          label={t('New password')}
          name="new_password"
          rules={[
            { required: true, message: t('Please enter a password') },
            { min: MIN_LENGTH, message: t('Password must be at least 8 characters long.') },
          ]}
        >
          <Input.Password autoComplete="new-password" data-test="new-password" />
        </Form.Item>
        <Form.Item
          label={t('Confirm password')}
          name="confirm"
          dependencies={['new_password']}
          rules={[
            ({ getFieldValue }) => ({
              validator: (_rule, value: string | undefined) =>
                (value ?? '') === (getFieldValue('new_password') ?? '')
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('The passwords do not match'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-test="confirm-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
