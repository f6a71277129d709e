// A select over one of the report's related/ lists (owners, chart, dashboard, database), searched on the server.
import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import type { Choice } from '../alert-report-form';
import { fetchRelated } from '../api/report-api';

type Field = 'owners' | 'chart' | 'dashboard' | 'database';

interface BaseProps {
  field: Field;
  ariaLabel: string;
  placeholder: string;
  dataTest: string;
}

type RelatedSelectProps = BaseProps &
  (
    | { multiple: true; value: Choice[]; onChange: (value: Choice[]) => void }
    | { multiple?: false; value: Choice | null; onChange: (value: Choice | null) => void }
  );

export default function RelatedSelect(props: RelatedSelectProps) {
  const { field, ariaLabel, placeholder, dataTest } = props;
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Choice[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    setLoading(true);
    fetchRelated(field, search).then(
      (result) => {
        if (!live) return;
        setOptions(result.map((item) => ({ value: item.value, label: item.text })));
        setError(null);
        setLoading(false);
      },
      (failure: unknown) => {
        if (!live) return;
        setError(isApiError(failure) ? failure.message : String(failure));
        setLoading(false);
      },
    );
    return () => {
      live = false;
    };
  }, [field, search]);

  // The chosen ones stay listed even when the search leaves them out.
  const chosen = props.multiple ? props.value : props.value ? [props.value] : [];
  const merged = [...chosen.filter((choice) => !options.some((o) => o.value === choice.value)), ...options];
  const common = {
    'aria-label': ariaLabel,
    showSearch: { filterOption: false, onSearch: setSearch },
    labelInValue: true,
    loading,
    placeholder: error ?? placeholder,
    status: error ? ('error' as const) : undefined,
    options: merged,
    style: { width: '100%' },
    'data-test': dataTest,
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <Select<Choice[]>
        {...common}
        mode="multiple"
        allowClear
        value={props.value}
        onChange={(value) => onChange(value.map((item) => ({ value: item.value, label: String(item.label) })))}
      />
    );
  }
  const { onChange } = props;
  return (
    <Select<Choice>
      {...common}
      value={props.value ?? undefined}
      onChange={(value) => onChange(value ? { value: value.value, label: String(value.label) } : null)}
    />
  );
}
