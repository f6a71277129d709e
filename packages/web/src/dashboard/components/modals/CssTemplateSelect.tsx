// "Load a CSS template" of the dashboard CSS editor: a searchable pick of the saved CSS templates.
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type CssTemplateItem, fetchCssTemplates } from '../../../css-templates/css-template-api';

const PAGE_SIZE = 50;

export default function CssTemplateSelect({ onPick }: { onPick: (css: string) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [templates, setTemplates] = useState<CssTemplateItem[] | null>(null);

  useEffect(() => {
    let current = true;
    const text = search.trim();
    fetchCssTemplates({
      order_column: 'template_name',
      order_direction: 'asc',
      page: 0,
      page_size: PAGE_SIZE,
      ...(text ? { filters: [{ col: 'template_name', opr: 'ct', value: text }] } : {}),
    }).then(
      (body) => current && setTemplates(body.result),
      () => current && setTemplates([]),
    );
    return () => {
      current = false;
    };
  }, [search]);

  return (
    <Select<number>
      showSearch={{ filterOption: false, onSearch: setSearch }}
      loading={templates === null}
      placeholder={t('Load a CSS template')}
      value={null}
      options={(templates ?? []).map((template) => ({ value: template.id, label: template.template_name }))}
      onChange={(id) => {
        const chosen = templates?.find((template) => template.id === id);
        if (chosen) onPick(chosen.css);
      }}
      notFoundContent={templates === null ? t('Loading…') : t('No CSS templates')}
      style={{ width: 280 }}
      data-test="css-template-select"
    />
  );
}
