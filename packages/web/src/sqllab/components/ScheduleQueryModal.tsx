// Schedules the query: a fixed form (name, description, start, frequency, target table) stored as schedule_info.
import { Button, Form, Input, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Modal from '../../components/Modal';
import {
  CUSTOM_FREQUENCY,
  FREQUENCY_PRESETS,
  fromScheduleInfo,
  type ScheduleForm,
  type ScheduleInfo,
  toScheduleInfo,
  validateSchedule,
} from './schedule-info';

export interface ScheduleRequest {
  label: string;
  description: string;
  schedule_info: ScheduleInfo;
}

interface ScheduleQueryModalProps {
  open: boolean;
  defaultLabel: string;
  defaultDescription?: string;
  /** A schedule stored before, to edit. */
  scheduleInfo?: Partial<ScheduleInfo> | null;
  submitting?: boolean;
  onSchedule: (request: ScheduleRequest) => void;
  onCancel: () => void;
}

export default function ScheduleQueryModal({
  open,
  defaultLabel,
  defaultDescription = '',
  scheduleInfo,
  submitting = false,
  onSchedule,
  onCancel,
}: ScheduleQueryModalProps) {
  const { t } = useTranslation();
  const [form, setForm] = useState<ScheduleForm>(() =>
    fromScheduleInfo(scheduleInfo, defaultLabel, defaultDescription),
  );
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (open) {
      setForm(fromScheduleInfo(scheduleInfo, defaultLabel, defaultDescription));
      setTouched(false);
    }
  }, [open, scheduleInfo, defaultLabel, defaultDescription]);

  const errors = validateSchedule(form);
  const shown = touched ? errors : {};
  const set = (patch: Partial<ScheduleForm>) => setForm((current) => ({ ...current, ...patch }));
  const submit = () => {
    setTouched(true);
    if (Object.keys(errors).length > 0) return;
    onSchedule({ label: form.label.trim(), description: form.description, schedule_info: toScheduleInfo(form) });
  };
  const status = (field: keyof ScheduleForm) => (shown[field] ? ('error' as const) : undefined);
  const help = (field: keyof ScheduleForm) => (shown[field] ? t(shown[field] as string) : undefined);

  return (
    <Modal
      open={open}
      title={t('Schedule query')}
      onCancel={onCancel}
      width={600}
      destroyOnHidden
      footer={
        <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
          <Button onClick={onCancel}>{t('Cancel')}</Button>
          <Button type="primary" onClick={submit} loading={submitting} data-test="schedule-submit">
            {t('Schedule')}
          </Button>
        </div>
      }
    >
      <Form layout="vertical" onFinish={submit} data-test="schedule-form">
        <Form.Item label={t('Name')} required validateStatus={status('label')} help={help('label')}>
          <Input
            value={form.label}
            onChange={(event) => set({ label: event.target.value })}
            data-test="schedule-name"
          />
        </Form.Item>
        <Form.Item label={t('Description')}>
          <Input.TextArea
            value={form.description}
            onChange={(event) => set({ description: event.target.value })}
            autoSize={{ minRows: 2, maxRows: 5 }}
          />
        </Form.Item>
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item label={t('Start date')} required validateStatus={status('startDate')} help={help('startDate')}>
            <Input
              type="datetime-local"
              value={form.startDate}
              onChange={(event) => set({ startDate: event.target.value })}
              data-test="schedule-start"
            />
          </Form.Item>
          <Form.Item label={t('Frequency')} required>
            <Select<string>
              value={form.frequency}
              onChange={(frequency) => set({ frequency })}
              options={FREQUENCY_PRESETS.map((preset) => ({ value: preset.value, label: t(preset.label) }))}
              data-test="schedule-frequency"
            />
          </Form.Item>
        </div>
        {form.frequency === CUSTOM_FREQUENCY && (
          <Form.Item
            label={t('Cron expression')}
            required
            validateStatus={status('cron')}
            help={help('cron') ?? t('minute hour day-of-month month day-of-week, e.g. 0 6 * * 1-5')}
          >
            <Input
              value={form.cron}
              onChange={(event) => set({ cron: event.target.value })}
              placeholder="0 6 * * 1-5"
              style={{ fontFamily: 'monospace' }}
              data-test="schedule-cron"
            />
          </Form.Item>
        )}
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
          <Form.Item label={t('Target schema')}>
            <Input value={form.targetSchema} onChange={(event) => set({ targetSchema: event.target.value })} />
          </Form.Item>
          <Form.Item label={t('Target table')} validateStatus={status('targetTable')} help={help('targetTable')}>
            <Input value={form.targetTable} onChange={(event) => set({ targetTable: event.target.value })} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
