// The annotation layer a NATIVE ("Superset annotation") layer draws: a searchable Select over pages of
// /api/v1/annotation_layer/ (more pages load as the list scrolls to its end).
import { Select, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnotationLayerItem, fetchAnnotationLayers } from '../../annotation-layers/annotation-layer-api';

interface Props {
  value: number | null;
  onChange: (layer: { id: number; name: string } | null) => void;
}

const PAGE_SIZE = 20;
const SEARCH_DEBOUNCE_MS = 300;

const pageQuery = (search: string, page: number) => ({
  order_column: 'name',
  order_direction: 'asc' as const,
  page,
  page_size: PAGE_SIZE,
  ...(search.trim() ? { filters: [{ col: 'name', opr: 'ct', value: search.trim() }] } : {}),
});

export default function AnnotationNativeLayerSelect({ value, onChange }: Props) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [layers, setLayers] = useState<AnnotationLayerItem[]>([]);
  const [count, setCount] = useState(0);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const request = useRef(0);

  useEffect(() => {
    const id = ++request.current;
    const timer = setTimeout(
      () => {
        setLoading(true);
        fetchAnnotationLayers(pageQuery(search, 0))
          .then((body) => {
            if (request.current !== id) return;
            setLayers(body.result);
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
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [search]);

  const loadMore = () => {
    if (loading || layers.length >= count) return;
    const id = ++request.current;
    const next = page + 1;
    setLoading(true);
    fetchAnnotationLayers(pageQuery(search, next))
      .then((body) => {
        if (request.current !== id) return;
        setLayers((current) => [...current, ...body.result.filter((l) => !current.some((o) => o.id === l.id))]);
        setPage(next);
      })
      .catch(() => undefined)
      .finally(() => {
        if (request.current === id) setLoading(false);
      });
  };

  const options = layers.map((layer) => ({ value: layer.id, label: layer.name }));
  if (value && !layers.some((layer) => layer.id === value)) {
    options.unshift({ value, label: chosenName ?? `#${value}` });
  }
  return (
    <Select
      data-test="annotation-native-layer"
      showSearch={{ filterOption: false, onSearch: setSearch }}
      allowClear
      value={value ?? null}
      placeholder={t('Choose an annotation layer')}
      options={options}
      loading={loading}
      status={error ? 'error' : undefined}
      notFoundContent={loading ? <Spin size="small" /> : error ? error : t('No annotation layers')}
      onPopupScroll={(event) => {
        const target = event.currentTarget as HTMLElement;
        if (target.scrollTop + target.clientHeight >= target.scrollHeight - 24) loadMore();
      }}
      onChange={(id: number | null) => {
        const layer = layers.find((one) => one.id === id);
        setChosenName(layer?.name ?? null);
        onChange(id === null || id === undefined ? null : { id, name: layer?.name ?? '' });
      }}
      style={{ width: '100%' }}
    />
  );
}
