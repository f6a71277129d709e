// One side of the Custom time range: a specific date, a date relative to today / now / a date, now, or midnight.
import { Input, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import { type CustomBound, DATETIME_FORMAT_HINT, RELATIVE_GRAINS, type RelativeGrain } from './time-range-picker';

// Whole words per grain, so each is its own catalogue key (a built key cannot be translated).
const GRAIN_LABELS: Record<RelativeGrain, string> = {
  second: i18nKey('seconds'),
  minute: i18nKey('minutes'),
  hour: i18nKey('hours'),
  day: i18nKey('days'),
  week: i18nKey('weeks'),
  month: i18nKey('months'),
  quarter: i18nKey('quarters'),
  year: i18nKey('years'),
};

interface CustomBoundEditorProps {
  title: string;
  bound: CustomBound;
  onChange: (bound: CustomBound) => void;
  testId: string;
}

export default function CustomBoundEditor({ title, bound, onChange, testId }: CustomBoundEditorProps) {
  const { t } = useTranslation();
  const set = (change: Partial<CustomBound>) => onChange({ ...bound, ...change });
  const dateInput = (
    <Input
      size="small"
      placeholder={DATETIME_FORMAT_HINT}
      value={bound.datetime}
      onChange={(event) => set({ datetime: event.target.value })}
      data-test={`${testId}-datetime`}
    />
  );
  return (
    <div data-test={testId} style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
      <Typography.Text strong style={{ fontSize: 12 }}>
        {t(title)}
      </Typography.Text>
      <Select
        size="small"
        value={bound.mode}
        onChange={(mode) => set({ mode })}
        options={[
          { value: 'specific', label: t('Specific Date/Time') },
          { value: 'relative', label: t('Relative Date/Time') },
          { value: 'now', label: t('Now') },
          { value: 'today', label: t('Midnight') },
        ]}
        data-test={`${testId}-mode`}
      />
      {bound.mode === 'specific' && dateInput}
      {bound.mode === 'relative' && (
        <>
          <Space.Compact style={{ width: '100%' }}>
            <InputNumber
              size="small"
              min={1}
              value={bound.grainValue}
              onChange={(value) => set({ grainValue: value ?? 1 })}
              style={{ width: 70 }}
            />
            <Select
              size="small"
              value={bound.grain}
              onChange={(grain: RelativeGrain) => set({ grain })}
              options={RELATIVE_GRAINS.map((grain) => ({ value: grain, label: t(GRAIN_LABELS[grain]) }))}
              style={{ flex: 1 }}
            />
            <Select
              size="small"
              value={bound.direction}
              onChange={(direction) => set({ direction })}
              options={[
                { value: 'before', label: t('Before') },
                { value: 'after', label: t('After') },
              ]}
              style={{ width: 90 }}
            />
          </Space.Compact>
          <Select
            size="small"
            value={bound.anchor}
            onChange={(anchor) => set({ anchor })}
            options={[
              { value: 'today', label: t('Relative to midnight today') },
              { value: 'now', label: t('Relative to now') },
              { value: 'specific', label: t('Relative to a date') },
            ]}
          />
          {bound.anchor === 'specific' && dateInput}
        </>
      )}
    </div>
  );
}
