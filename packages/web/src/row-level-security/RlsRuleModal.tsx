// Add/edit row-level security rule dialog (Superset's RowLevelSecurityModal): name, filter type, datasets, roles,
// group key, clause and description.
import { Alert, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../components/Modal';
import { useFormSave } from '../settings/use-form-save';
import {
  createRlsRule,
  fetchRlsRelated,
  type RelatedOption,
  type RlsRuleItem,
  type RlsRulePayload,
  updateRlsRule,
} from './rls-api';

interface RlsRuleModalProps {
  rule: RlsRuleItem | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}

interface FormValues {
  name: string;
  filter_type: 'Regular' | 'Base';
  tables: number[];
  roles: number[];
  group_key?: string;
  clause: string;
  description?: string;
}

const FIELDS = ['name', 'filter_type', 'tables', 'roles', 'group_key', 'clause', 'description'];

/** A multiple select whose options come from the API's related endpoint, searched as the user types. */
function RelatedSelect({
  kind,
  initial,
  value,
  onChange,
  testId,
}: {
  kind: 'tables' | 'roles';
  initial: RelatedOption[];
  value?: number[];
  onChange?: (value: number[]) => void;
  testId: string;
}) {
  const [options, setOptions] = useState<RelatedOption[]>(initial);
  const [search, setSearch] = useState('');
  useEffect(() => {
    let live = true;
    fetchRlsRelated(kind, search)
      .then((found) => {
        if (!live) return;
        // Chosen options stay listed, so their labels show while another search is on screen.
        setOptions((current) => {
          const chosen = current.filter((option) => value?.includes(option.value));
          const byId = new Map([...chosen, ...found].map((option) => [option.value, option]));
          return [...byId.values()];
        });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [kind, search, value]);
  return (
    <Select<number[]>
      mode="multiple"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      value={value ?? []}
      onChange={onChange}
      options={options.map((option) => ({ value: option.value, label: option.text }))}
      data-test={testId}
    />
  );
}

export default function RlsRuleModal({ rule, onClose, onSaved }: RlsRuleModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const filterType = Form.useWatch('filter_type', form) ?? rule?.filter_type ?? 'Regular';

  const { saving, error, onSave } = useFormSave(
    form,
    FIELDS,
    async (values) => {
      const payload: RlsRulePayload = {
        name: values.name.trim(),
        filter_type: values.filter_type,
        tables: values.tables,
        roles: values.roles ?? [],
        group_key: values.group_key?.trim() || null,
        clause: values.clause,
        description: values.description?.trim() || null,
      };
      if (rule) await updateRlsRule(rule.id, payload);
      else await createRlsRule(payload);
      onSaved(payload.name, rule === null);
    },
    'rule',
  );

  return (
    <Modal
      open
      title={rule ? t('Edit Rule') : t('Add Rule')}
      okText={t('Save')}
      cancelText={t('Cancel')}
      onOk={() => void onSave()}
      onCancel={onClose}
      confirmLoading={saving}
      mask={{ closable: false }}
      width={640}
      data-test="rls-modal"
    >
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={saving}
        initialValues={{
          name: rule?.name ?? '',
          filter_type: rule?.filter_type ?? 'Regular',
          tables: rule?.tables.map((table) => table.id) ?? [],
          roles: rule?.roles.map((role) => role.id) ?? [],
          group_key: rule?.group_key ?? '',
          clause: rule?.clause ?? '',
          description: rule?.description ?? '',
        }}
      >
        <Form.Item
          label={t('Rule Name')}
          name="name"
          rules={[{ required: true, whitespace: true, message: t('Name is required') }, { max: 255 }]}
        >
          <Input data-test="rls-name" />
        </Form.Item>
        <Form.Item
          label={t('Filter Type')}
          name="filter_type"
          tooltip={t(
            'Regular filters add where clauses to queries if a user belongs to a role referenced in the filter, base filters apply filters to all queries except the roles defined in the filter, and can be used to define what users can see if no RLS filters within a filter group apply to them.',
          )}
        >
          <Select
            options={[
              { value: 'Regular', label: t('Regular') },
              { value: 'Base', label: t('Base') },
            ]}
            data-test="rls-filter-type"
          />
        </Form.Item>
        <Form.Item
          label={t('Datasets')}
          name="tables"
          tooltip={t('These are the datasets this filter will be applied to.')}
          rules={[{ required: true, type: 'array', min: 1, message: t('Select at least one dataset') }]}
        >
          <RelatedSelect
            kind="tables"
            initial={rule?.tables.map((table) => ({ value: table.id, text: table.table_name })) ?? []}
            testId="rls-tables"
          />
        </Form.Item>
        <Form.Item
          label={filterType === 'Base' ? t('Excluded roles') : t('Roles')}
          name="roles"
          tooltip={t(
            'For regular filters, these are the roles this filter will be applied to. For base filters, these are the roles that the filter DOES NOT apply to, e.g. Admin if admin should see all data.',
          )}
        >
          <RelatedSelect
            kind="roles"
            initial={rule?.roles.map((role) => ({ value: role.id, text: role.name })) ?? []}
            testId="rls-roles"
          />
        </Form.Item>
        <Form.Item
          label={t('Group Key')}
          name="group_key"
          tooltip={t(
            'Filters with the same group key will be ORed together within the group, while different filter groups will be ANDed together. Undefined group keys are treated as unique groups, i.e. are not grouped together.',
          )}
        >
          <Input data-test="rls-group-key" />
        </Form.Item>
        <Form.Item
          label={t('Clause')}
          name="clause"
          tooltip={t(
            'This is the condition that will be added to the WHERE clause. For example, to only return rows for a particular client, you might define a regular filter with the clause `client_id = 9`. To display no rows unless a user belongs to a RLS filter role, a base filter can be created with the clause `1 = 0` (always false).',
          )}
          rules={[{ required: true, whitespace: true, message: t('Clause is required') }]}
        >
          <Input.TextArea rows={3} spellCheck={false} style={{ fontFamily: 'monospace' }} data-test="rls-clause" />
        </Form.Item>
        <Form.Item label={t('Description')} name="description">
          <Input.TextArea rows={2} data-test="rls-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
