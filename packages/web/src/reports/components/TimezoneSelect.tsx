// A searchable list of the browser's IANA time zones (Superset's TimezoneSelector).
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { timezoneNames } from '../schedule';

interface TimezoneSelectProps {
  value: string;
  onChange: (timezone: string) => void;
}

export default function TimezoneSelect({ value, onChange }: TimezoneSelectProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const names = timezoneNames();
    // A stored zone this browser does not know still shows as chosen.
    return (names.includes(value) || !value ? names : [value, ...names]).map((name) => ({ value: name, label: name }));
  }, [value]);
  return (
    <Select
      showSearch
      aria-label={t('Timezone')}
      value={value || undefined}
      onChange={onChange}
      options={options}
      placeholder={t('Select a timezone')}
      style={{ width: '100%' }}
      data-test="timezone-select"
    />
  );
}
