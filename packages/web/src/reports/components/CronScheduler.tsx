// The schedule field: react-js-cron's picker ("Recurring (every)") or the crontab typed as text ("CRON Schedule"),
// as Superset's AlertReportCronScheduler; the value is always the crontab.
import { Input, Select, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Cron } from 'react-js-cron';
import 'react-js-cron/dist/styles.css';
import { cronError, type ScheduleType, scheduleTypeFor } from '../schedule';
import { cronPickerLocale } from './cron-locale';

interface CronSchedulerProps {
  value: string;
  onChange: (crontab: string) => void;
  /** The ReportModal of the menus shows the picker alone. */
  withTypeSelect?: boolean;
}

export default function CronScheduler({ value, onChange, withTypeSelect = false }: CronSchedulerProps) {
  const { t, i18n } = useTranslation();
  const locale = useMemo(() => cronPickerLocale(i18n.language.replace('_', '-')), [i18n.language]);
  const [type, setType] = useState<ScheduleType>(() => (withTypeSelect ? scheduleTypeFor(value) : 'picker'));
  const error = cronError(value);
  return (
    <div data-test="cron-scheduler">
      {withTypeSelect && (
        <Select<ScheduleType>
          aria-label={t('Schedule type')}
          value={type}
          onChange={setType}
          style={{ width: '100%', marginBottom: 8 }}
          options={[
            { value: 'picker', label: t('Recurring (every)') },
            { value: 'input', label: t('CRON Schedule') },
          ]}
          data-test="schedule-type"
        />
      )}
      {type === 'picker' ? (
        <Cron
          value={value}
          setValue={(next: string) => onChange(next)}
          clearButton={false}
          locale={locale}
          displayError={false}
          clockFormat="24-hour-clock"
          shortcuts={false}
          allowedPeriods={['year', 'month', 'week', 'day', 'hour', 'minute']}
        />
      ) : (
        <Input
          aria-label={t('CRON expression')}
          placeholder={t('CRON expression')}
          value={value}
          status={error ? 'error' : undefined}
          onChange={(event) => onChange(event.target.value)}
          data-test="crontab-input"
        />
      )}
      <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }} data-test="crontab-value">
        {value}
      </Typography.Text>
      {error && (
        <Typography.Text type="danger" style={{ fontSize: 12, display: 'block' }} data-test="crontab-error">
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
