// The saved chart an annotation layer reads from: a searchable Select over pages of the chart list (more pages
// load as the list scrolls to its end), filtered to the viz types the layer's source allows.

import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartSourceType } from '../../charts/shared/annotations/annotation-layer';
import { fetchSourceCharts, type SourceChart } from '../api/annotation-api';
import { SOURCE_PAGE_SIZE } from './annotation-source';

interface Props {
  sourceType: ChartSourceType;
  value: number | null;
  /** The chosen chart's name when the layer was opened (it may not be on the first page). */
  initialLabel?: string;
  onChange: (chart: SourceChart | null) => void;
}

const SEARCH_DEBOUNCE_MS = 300;

export default function AnnotationSourceChartSelect({ sourceType, value, initialLabel, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [charts, setCharts] = useState<SourceChart[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const request = useRef(0);

  // A new search or source type starts again from the first page, after the user stops typing.
  useEffect(() => {
    const id = ++request.current;
    const timer = setTimeout(() => {
      setLoading(true);
      fetchSourceCharts(sourceType, search, 0)
        .then((body) => {
          if (request.current !== id) return;
          setCharts(body.result);
          setCount(body.count);
          setPage(0);
          setError(null);
        })
        .catch((failure: unknown) => {
          if (request.current === id) setError(failure instanceof Error ? failure.message : String(failure));
        })
        .finally(() => {
          if (request.current === id) setLoading(false);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [sourceType, search]);

  const loadMore = () => {
    if (loading || charts.length >= count) return;
    const id = ++request.current;
    const next = page + 1;
    setLoading(true);
    fetchSourceCharts(sourceType, search, next)
      .then((body) => {
        if (request.current !== id) return;
        setCharts((current) => [...current, ...body.result.filter((c) => !current.some((o) => o.id === c.id))]);
        setPage(next);
      })
      .catch(() => undefined)
      .finally(() => {
        if (request.current === id) setLoading(false);
      });
  };

  const options = charts.map((chart) => ({ value: chart.id, label: chart.slice_name, title: chart.slice_name }));
  if (value && !charts.some((chart) => chart.id === value)) {
    options.unshift({ value, label: initialLabel ?? `#${value}`, title: initialLabel ?? `#${value}` });
  }
  return (
    <Select
      data-test="annotation-source-chart"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? null}
      placeholder={t('Choose a chart')}
      options={options}
      loading={loading}
      status={error ? 'error' : undefined}
      notFoundContent={loading ? <Spin size="small" /> : error ? error : t('No charts')}
      onPopupScroll={(event) => {
        const target = event.currentTarget as HTMLElement;
        if (target.scrollTop + target.clientHeight >= target.scrollHeight - 24) loadMore();
      }}
      onChange={(id: number | null) =>
        onChange(
          id === null || id === undefined
            ? null
            : (charts.find((chart) => chart.id === id) ?? { id, slice_name: initialLabel ?? '', viz_type: null }),
        )
      }
      style={{ width: '100%' }}
      listHeight={SOURCE_PAGE_SIZE * 16}
    />
  );
}
