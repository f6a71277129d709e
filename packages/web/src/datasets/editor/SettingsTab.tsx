// "Settings" tab: description, default URL, cache timeout, owners, tags, template parameters, extra and
// certification.
import { Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import TagsSelect from '../../tags/TagsSelect';
import CertificationFields from './CertificationFields';
import { type DatasetDetail, fetchDatasetOwners, type OwnerOption } from './dataset-editor-api';
import type { DatasetDraft } from './editor-draft';

// JSON examples, the same in every language (the keys are Superset's).
const TEMPLATE_PARAMS_EXAMPLE = '{"region": "EMEA"}';
const EXTRA_EXAMPLE = '{"warning_markdown": "This is a warning"}';

interface SettingsTabProps {
  detail: DatasetDetail;
  draft: DatasetDraft;
  onChange: (patch: Partial<DatasetDraft>) => void;
}

export default function SettingsTab({ detail, draft, onChange }: SettingsTabProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<OwnerOption[]>(() =>
    detail.owners.map((owner) => ({ value: owner.id, text: `${owner.first_name} ${owner.last_name}`.trim() })),
  );

  useEffect(() => {
    let live = true;
    fetchDatasetOwners(search).then(
      (found) => {
        if (!live) return;
        // Keep the chosen owners selectable even when the search no longer lists them.
        setOptions((previous) => {
          const chosen = previous.filter((option) => draft.owners.includes(option.value));
          const ids = new Set(found.map((option) => option.value));
          return [...found, ...chosen.filter((option) => !ids.has(option.value))];
        });
      },
      () => {},
    );
    return () => {
      live = false;
    };
  }, [search, draft.owners]);

  return (
    <Form layout="vertical" style={{ maxWidth: 720 }} data-test="dataset-editor-settings">
      <Form.Item label={t('Description')}>
        <Input.TextArea
          value={draft.description}
          autoSize={{ minRows: 2, maxRows: 6 }}
          onChange={(e) => onChange({ description: e.target.value })}
          data-test="settings-description"
        />
      </Form.Item>
      <Form.Item
        label={t('Default URL')}
        tooltip={t('Default URL to redirect to when accessing from the dataset list page')}
      >
        <Input value={draft.default_endpoint} onChange={(e) => onChange({ default_endpoint: e.target.value })} />
      </Form.Item>
      <Form.Item
        label={t('Cache timeout')}
        tooltip={t('The duration of time in seconds before the cache is invalidated. Set to -1 to bypass the cache.')}
      >
        <Input
          value={draft.cache_timeout}
          inputMode="numeric"
          onChange={(e) => onChange({ cache_timeout: e.target.value })}
          style={{ width: 200 }}
          data-test="settings-cache-timeout"
        />
      </Form.Item>
      <Form.Item label={t('Owners')}>
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: setSearch }}
          value={draft.owners}
          onChange={(owners: number[]) => onChange({ owners })}
          options={options.map((option) => ({ value: option.value, label: option.text }))}
          data-test="settings-owners"
        />
      </Form.Item>
      <Form.Item label={t('Tags')}>
        <TagsSelect value={draft.tags} onChange={(tags) => onChange({ tags })} data-test="settings-tags" />
      </Form.Item>
      <Form.Item
        label={t('Template parameters')}
        tooltip={t('A set of parameters that become available in the query using Jinja templating syntax')}
      >
        <Input.TextArea
          value={draft.template_params}
          autoSize={{ minRows: 2, maxRows: 8 }}
          style={{ fontFamily: 'monospace' }}
          placeholder={TEMPLATE_PARAMS_EXAMPLE}
          onChange={(e) => onChange({ template_params: e.target.value })}
          data-test="settings-template-params"
        />
      </Form.Item>
      <Form.Item label={t('Extra')} tooltip={t('Extra data to specify table metadata, as a JSON object')}>
        <Input.TextArea
          value={draft.extra}
          autoSize={{ minRows: 2, maxRows: 8 }}
          style={{ fontFamily: 'monospace' }}
          placeholder={EXTRA_EXAMPLE}
          onChange={(e) => onChange({ extra: e.target.value })}
          data-test="settings-extra"
        />
      </Form.Item>
      <CertificationFields
        certifiedBy={draft.certified_by}
        details={draft.certification_details}
        onChange={(values) => onChange(values)}
      />
    </Form>
  );
}
