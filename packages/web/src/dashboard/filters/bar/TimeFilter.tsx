// The time range filter: the current range as a button opening explore's time range picker.
import { CalendarOutlined } from '@ant-design/icons';
import { NO_TIME_RANGE } from '@nezha/core';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import TimeRangePicker from '../../../explore/controls/TimeRangePicker';

export default function TimeFilter({ value, onChange }: { value: unknown; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = typeof value === 'string' && value ? value : NO_TIME_RANGE;
  return (
    <Popover
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={
        <TimeRangePicker
          value={current}
          onCancel={() => setOpen(false)}
          onApply={(next) => {
            onChange(next === NO_TIME_RANGE ? null : next);
            setOpen(false);
          }}
        />
      }
    >
      <Button
        block
        icon={<CalendarOutlined />}
        data-test="time-filter"
        style={{ textAlign: 'left', overflow: 'hidden' }}
      >
        {current === NO_TIME_RANGE ? t('No filter') : t(current)}
      </Button>
    </Popover>
  );
}
