// The numerical range filter: a slider over the column's minimum and maximum, with inputs for exact bounds.
import type { ExtraFormData, NativeFilter } from '@nezha/core';
import { InputNumber, Slider, Space, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../store/hooks';
import { fetchRangeBounds } from '../filter-options';

interface Props {
  filter: NativeFilter;
  dashboardId: number;
  value: unknown;
  dependencies: ExtraFormData;
  onChange: (value: [number | null, number | null] | null) => void;
}

export default function RangeFilter({ filter, dashboardId, value, dependencies, onChange }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [bounds, setBounds] = useState<[number, number] | null>(null);
  const [loading, setLoading] = useState(true);
  const dependencyKey = JSON.stringify(dependencies);
  useEffect(() => {
    let live = true;
    setLoading(true);
    dispatch(fetchRangeBounds(filter, dashboardId, JSON.parse(dependencyKey) as ExtraFormData)).then(
      (found) => {
        if (live) {
          setBounds(found);
          setLoading(false);
        }
      },
      () => live && setLoading(false),
    );
    return () => {
      live = false;
    };
  }, [dispatch, filter, dashboardId, dependencyKey]);

  if (loading) return <Spin size="small" />;
  if (!bounds) return <span style={{ color: '#888' }}>{t('No data')}</span>;
  const [min, max] = bounds;
  const current = Array.isArray(value) ? (value as Array<number | null>) : [null, null];
  const lower = typeof current[0] === 'number' ? current[0] : min;
  const upper = typeof current[1] === 'number' ? current[1] : max;
  const emit = (nextLower: number | null, nextUpper: number | null) => {
    const low = nextLower === null || nextLower <= min ? null : nextLower;
    const high = nextUpper === null || nextUpper >= max ? null : nextUpper;
    onChange(low === null && high === null ? null : [low, high]);
  };
  const step = Number.isInteger(min) && Number.isInteger(max) ? 1 : (max - min) / 100 || 0.01;
  return (
    <div data-test="range-filter">
      <Slider
        range
        min={min}
        max={max}
        step={step}
        value={[lower, upper]}
        onChange={([a, b]) => emit(a ?? null, b ?? null)}
      />
      <Space>
        <InputNumber size="small" value={lower} min={min} max={upper} onChange={(next) => emit(next, upper)} />
        <span>–</span>
        <InputNumber size="small" value={upper} min={lower} max={max} onChange={(next) => emit(lower, next)} />
      </Space>
    </div>
  );
}
