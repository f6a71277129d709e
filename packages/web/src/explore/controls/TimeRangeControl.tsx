// The time range control: the current range as a pill opening the time range picker. The frame the range was picked
// in goes to the form data as `time_ui_frame`, which the query object carries (spec: query object).
import { CalendarOutlined } from '@ant-design/icons';
import { NO_TIME_RANGE } from '@nezha/core';
import { Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { exploreActions } from '../state/explore-slice';
import ControlPill from './ControlPill';
import TimeRangePicker from './TimeRangePicker';
import { rangePreview } from './time-range-picker';

export default function TimeRangeControl({ value, onChange }: { value: unknown; onChange: (value: unknown) => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [open, setOpen] = useState(false);
  const bounds = useAppSelector((state) => state.explore.timeRangeBounds);
  const current = typeof value === 'string' && value ? value : NO_TIME_RANGE;
  const tooltip = bounds && current !== NO_TIME_RANGE ? rangePreview(bounds.since, bounds.until) : undefined;
  return (
    <Popover
      trigger="click"
      placement="right"
      open={open}
      onOpenChange={setOpen}
      destroyOnHidden
      content={
        <TimeRangePicker
          value={current}
          onCancel={() => setOpen(false)}
          onApply={(next, frame) => {
            // The frame first: the range's change is what runs the query.
            dispatch(exploreActions.controlChanged({ controlName: 'time_ui_frame', value: frame }));
            onChange(next);
            setOpen(false);
          }}
        />
      }
    >
      <div title={tooltip}>
        <ControlPill testId="time-range-pill" icon={<CalendarOutlined />} label={t(current)} />
      </div>
    </Popover>
  );
}
