// Add/edit role dialog: a name and the permission–view pairs the role grants.
import { Alert, Form, Input, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createRole, fetchPermissionResources, updateRole } from '../../api/security-api';
import type { PermissionResource, RoleItem } from '../../api/types';
import Modal from '../../components/Modal';
import { applyServerErrors } from '../server-errors';

interface RoleFormValues {
  name: string;
  permission_ids: number[];
}

interface RoleModalProps {
  role: RoleItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

export default function RoleModal({ role, onClose, onSaved }: RoleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RoleFormValues>();
  const [resources, setResources] = useState<PermissionResource[] | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    fetchPermissionResources().then(
      (result) => current && setResources(result),
      () => {
        if (!current) return;
        setResources([]);
        setError(t('Could not load the permissions'));
      },
    );
    return () => {
      current = false;
    };
  }, [t]);

  const options = useMemo(
    () =>
      (resources ?? [])
        .map((resource) => ({
          value: resource.id,
          label: `${resource.permission.name} on ${resource.view_menu.name}`,
        }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [resources],
  );

  const onSave = async () => {
    let values: RoleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    setError(null);
    const payload = { name: values.name.trim(), permission_ids: values.permission_ids ?? [] };
    try {
      if (role) await updateRole(role.id, payload);
      else await createRole(payload);
      onSaved(payload.name, role === null);
    } catch (failure) {
      setError(applyServerErrors(form, failure, ['name', 'permission_ids'], 'role'));
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={role ? t('Edit role') : t('Add role')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={720}
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<RoleFormValues>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{
          name: role?.name ?? '',
          permission_ids: role?.permissions.map((permission) => permission.id) ?? [],
        }}
      >
        <Form.Item label={t('Name')} name="name" rules={[{ required: true, whitespace: true }]}>
          <Input />
        </Form.Item>
        <Form.Item label={t('Permissions')} name="permission_ids">
          <Select
            mode="multiple"
            allowClear
            loading={resources === null}
            placeholder={t('Choose permissions, e.g. can_read on Database')}
            options={options}
            optionFilterProp="label"
            maxTagCount={40}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
