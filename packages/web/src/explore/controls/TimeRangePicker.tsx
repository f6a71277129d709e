// The time range picker (spec §2): modes Last, Previous, Current, Custom, Advanced and No filter, the actual range
// previewed from GET /api/v1/time_range/, Cancel and Apply.
import {
  CALENDAR_RANGES,
  COMMON_RANGES,
  CURRENT_RANGES,
  guessTimeRangeFrame,
  TIME_RANGE_FRAME_LABELS,
  TIME_RANGE_FRAMES,
  type TimeRangeFrame,
} from '@nezha/core';
import { Alert, Button, Input, Radio, Select, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { i18nKey } from '../../i18n/i18n';
import { fetchTimeRange } from '../api/explore-api';
import CustomBoundEditor from './CustomBoundEditor';
import {
  customBoundsOf,
  defaultValueForFrame,
  encodeBound,
  joinRange,
  rangePreview,
  splitRange,
} from './time-range-picker';

const PRESETS: Partial<Record<TimeRangeFrame, readonly string[]>> = {
  Common: COMMON_RANGES,
  Calendar: CALENDAR_RANGES,
  Current: CURRENT_RANGES,
};

interface TimeRangePickerProps {
  value: string;
  /** The range, and the frame it was picked in (the query's `time_ui_frame`). */
  onApply: (value: string, frame: TimeRangeFrame) => void;
  onCancel: () => void;
}

export default function TimeRangePicker({ value, onApply, onCancel }: TimeRangePickerProps) {
  const { t } = useTranslation();
  const [frame, setFrame] = useState<TimeRangeFrame>(() => guessTimeRangeFrame(value));
  const [draft, setDraft] = useState(value);
  const [preview, setPreview] = useState<{ text: string | null; error: string | null; loading: boolean }>({
    text: null,
    error: null,
    loading: true,
  });

  useEffect(() => {
    const controller = new AbortController();
    setPreview((current) => ({ ...current, loading: true }));
    const timer = setTimeout(() => {
      fetchTimeRange(draft, controller.signal).then(
        (range) => setPreview({ text: rangePreview(range.since, range.until), error: null, loading: false }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setPreview({ text: null, error: isApiError(error) ? error.message : String(error), loading: false });
        },
      );
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [draft]);

  const presets = PRESETS[frame];
  const bounds = frame === 'Custom' ? customBoundsOf(draft) : null;
  const [advancedSince, advancedUntil] = splitRange(draft);

  return (
    <div style={{ width: 360, display: 'flex', flexDirection: 'column', gap: 10 }} data-test="time-range-picker">
      <div>
        <Typography.Text strong style={{ fontSize: 12 }}>
          {t('Range type')}
        </Typography.Text>
        <Select
          style={{ width: '100%' }}
          value={frame}
          onChange={(next: TimeRangeFrame) => {
            setFrame(next);
            setDraft(defaultValueForFrame(next, draft));
          }}
          options={TIME_RANGE_FRAMES.map((option) => ({ value: option, label: t(TIME_RANGE_FRAME_LABELS[option]) }))}
          data-test="time-range-frame"
        />
      </div>
      {presets && (
        <Radio.Group
          value={draft}
          onChange={(event) => setDraft(event.target.value as string)}
          style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
          options={presets.map((preset) => ({ value: preset, label: t(preset) }))}
          data-test="time-range-presets"
        />
      )}
      {bounds && (
        <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 10 }}>
          <CustomBoundEditor
            title={i18nKey('START (INCLUSIVE)')}
            bound={bounds.since}
            onChange={(since) => setDraft(joinRange(encodeBound(since), encodeBound(bounds.until)))}
            testId="time-range-since"
          />
          <CustomBoundEditor
            title={i18nKey('END (EXCLUSIVE)')}
            bound={bounds.until}
            onChange={(until) => setDraft(joinRange(encodeBound(bounds.since), encodeBound(until)))}
            testId="time-range-until"
          />
        </div>
      )}
      {frame === 'Advanced' && (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
          <Typography.Text strong style={{ fontSize: 12 }}>
            {t('START (INCLUSIVE)')}
          </Typography.Text>
          <Input
            value={advancedSince}
            onChange={(event) => setDraft(joinRange(event.target.value, advancedUntil))}
            placeholder={t("2012-01-01 or 'today', 'now', DATEADD(...)")}
            data-test="time-range-advanced-since"
          />
          <Typography.Text strong style={{ fontSize: 12 }}>
            {t('END (EXCLUSIVE)')}
          </Typography.Text>
          <Input
            value={advancedUntil}
            onChange={(event) => setDraft(joinRange(advancedSince, event.target.value))}
            data-test="time-range-advanced-until"
          />
        </div>
      )}
      <div>
        <Typography.Text strong style={{ fontSize: 12 }}>
          {t('Actual time range')}
        </Typography.Text>
        {preview.error ? (
          <Alert type="error" showIcon title={preview.error} data-test="time-range-error" />
        ) : (
          <div data-test="time-range-preview" style={{ color: '#555', minHeight: 22 }}>
            {preview.loading ? '…' : frame === 'No filter' ? t('No filter') : preview.text}
          </div>
        )}
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button size="small" onClick={onCancel}>
          {t('Cancel')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!!preview.error || preview.loading}
          onClick={() => onApply(draft, frame)}
          data-test="time-range-apply"
        >
          {t('Apply')}
        </Button>
      </div>
    </div>
  );
}
