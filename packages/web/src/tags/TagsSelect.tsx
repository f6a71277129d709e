// A tag field of a properties dialog: pick existing tags or type new ones (they are made on save).
import { tagNameProblem } from '@nezha/core';
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchTagNames } from './tags-api';

interface TagsSelectProps {
  value?: string[];
  onChange?: (value: string[]) => void;
  'data-test'?: string;
}

export default function TagsSelect({ value, onChange, ...rest }: TagsSelectProps) {
  const { t } = useTranslation();
  const [names, setNames] = useState<string[]>([]);
  const [search, setSearch] = useState('');

  useEffect(() => {
    let live = true;
    fetchTagNames(search).then(
      (tags) => live && setNames(tags.map((tag) => tag.name)),
      () => live && setNames([]),
    );
    return () => {
      live = false;
    };
  }, [search]);

  return (
    <Select
      mode="tags"
      allowClear
      placeholder={t('Select or type tags')}
      value={value ?? []}
      // A name Superset would refuse (a comma, a colon) is not kept.
      onChange={(next: string[]) => onChange?.(next.map((name) => name.trim()).filter((name) => !tagNameProblem(name)))}
      onSearch={setSearch}
      tokenSeparators={[',']}
      options={names.map((name) => ({ value: name, label: name }))}
      data-test={rest['data-test'] ?? 'tags-select'}
    />
  );
}
