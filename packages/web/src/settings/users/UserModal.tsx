// Add/edit user dialog: names, email, active flag, roles and (required when adding) password.
import { Alert, Checkbox, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createUser, fetchRoles, updateUser } from '../../api/security-api';
import type { RoleRef, UserItem, UserPayload } from '../../api/types';
import Modal from '../../components/Modal';
import { applyServerErrors } from '../server-errors';

interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  roles: number[];
  password?: string;
  confirm?: string;
}

const FIELDS = ['username', 'first_name', 'last_name', 'email', 'active', 'roles', 'password'] as const;

interface UserModalProps {
  user: UserItem | null;
  onClose: () => void;
  onSaved: (username: string, created: boolean) => void;
}

export default function UserModal({ user, onClose, onSaved }: UserModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UserFormValues>();
  const [roles, setRoles] = useState<RoleRef[]>([]);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchRoles({ page: 0, page_size: 100, order_column: 'name', order_direction: 'asc' }).then(
      (body) => current && setRoles(body.result.map(({ id, name }) => ({ id, name }))),
      () => current && setError(t('Could not load the roles')),
    );
    return () => {
      current = false;
    };
  }, [t]);

  const onSave = async () => {
    let values: UserFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const payload: UserPayload = {
      username: values.username.trim(),
      first_name: values.first_name.trim(),
      last_name: values.last_name.trim(),
      email: values.email.trim(),
      active: values.active,
      roles: values.roles ?? [],
    };
    if (values.password) payload.password = values.password;
    try {
      if (user) await updateUser(user.id, payload);
      else await createUser(payload);
      onSaved(payload.username, user === null);
    } catch (failure) {
      setError(applyServerErrors(form, failure, FIELDS, 'user'));
      setSaving(false);
    }
  };

  const initialValues: UserFormValues = user
    ? {
        username: user.username,
        first_name: user.first_name,
        last_name: user.last_name,
        email: user.email,
        active: user.active,
        roles: user.roles.map((role) => role.id),
      }
    : { username: '', first_name: '', last_name: '', email: '', active: true, roles: [] };

  return (
    <Modal
      open
      title={user ? t('Edit user') : t('Add user')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={600}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<UserFormValues> form={form} layout="vertical" initialValues={initialValues} disabled={saving}>
        <Form.Item label={t('Username')} name="username" rules={[{ required: true, whitespace: true }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item label={t('First name')} name="first_name" rules={[{ required: true, whitespace: true }]}>
            <Input />
          </Form.Item>
          <Form.Item label={t('Last name')} name="last_name" rules={[{ required: true, whitespace: true }]}>
            <Input />
          </Form.Item>
        </div>
        <Form.Item label={t('Email')} name="email" rules={[{ required: true, type: 'email' }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item label={t('Roles')} name="roles">
          <Select
            mode="multiple"
            allowClear
            placeholder={t('Choose roles')}
            options={roles.map((role) => ({ value: role.id, label: role.name }))}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="active" valuePropName="checked">
          <Checkbox>{t('Active')}</Checkbox>
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 16 }}>
          <Form.Item
            label={user ? t('New password') : t('Password')}
            name="password"
            rules={[{ required: user === null, message: t('Please enter a password') }]}
            extra={user ? t('Leave empty to keep the current password.') : undefined}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            label={t('Confirm password')}
            name="confirm"
            dependencies={['password']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: string | undefined) =>
                  (value ?? '') === (getFieldValue('password') ?? '')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('The passwords do not match'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
