// A list page's tag filter: pick one tag; the page asks its list for the objects carrying it (`<resource>_tag_id`).
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTagNames } from './tags-api';

interface TagFilterSelectProps {
  value: number | null;
  onChange: (tagId: number | null) => void;
  'data-test': string;
}

export default function TagFilterSelect({ value, onChange, ...rest }: TagFilterSelectProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<Array<{ value: number; label: string }>>([]);
  useEffect(() => {
    fetchTagNames('').then(
      (tags) => setOptions(tags.map((tag) => ({ value: tag.id, label: tag.name }))),
      () => setOptions([]),
    );
  }, []);
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('Tag')}
      style={{ width: 200 }}
      value={value ?? undefined}
      onChange={(tagId: number | undefined) => onChange(tagId ?? null)}
      options={options}
      data-test={rest['data-test']}
    />
  );
}
