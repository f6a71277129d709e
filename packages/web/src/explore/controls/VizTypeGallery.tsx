// The viz type picker modal: every registered chart type with its thumbnail, by category, searchable.
import { Input, Modal, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listChartPlugins } from '../../charts/registry';

interface VizTypeGalleryProps {
  current: string;
  onSelect: (vizType: string) => void;
  onClose: () => void;
}

const ALL = '__all__';

export default function VizTypeGallery({ current, onSelect, onClose }: VizTypeGalleryProps) {
  const { t } = useTranslation();
  const plugins = useMemo(() => listChartPlugins(), []);
  const categories = useMemo(() => [...new Set(plugins.map((plugin) => plugin.metadata.category))].sort(), [plugins]);
  const [category, setCategory] = useState(ALL);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState(current);
  const shown = plugins.filter(
    (plugin) =>
      (category === ALL || plugin.metadata.category === category) &&
      (!search ||
        `${plugin.metadata.name} ${plugin.vizType} ${plugin.metadata.tags.join(' ')}`
          .toLowerCase()
          .includes(search.toLowerCase())),
  );
  const chosen = plugins.find((plugin) => plugin.vizType === selected);

  return (
    <Modal
      open
      width={880}
      title={t('Select a visualization type')}
      okText={t('Select')}
      okButtonProps={{ disabled: !chosen, id: 'viz-type-select' }}
      onOk={() => chosen && onSelect(chosen.vizType)}
      onCancel={onClose}
    >
      <div style={{ display: 'flex', gap: 16, height: 460 }} data-test="viz-type-gallery">
        <div style={{ width: 160, flex: 'none', overflow: 'auto' }}>
          {[ALL, ...categories].map((name) => (
            <button
              type="button"
              key={name}
              onClick={() => setCategory(name)}
              style={{
                display: 'block',
                width: '100%',
                textAlign: 'left',
                border: 'none',
                background: category === name ? '#e6f4ff' : 'none',
                borderRadius: 4,
                padding: '4px 8px',
                cursor: 'pointer',
              }}
            >
              {name === ALL ? t('All charts') : name}
            </button>
          ))}
        </div>
        <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
          <Input.Search
            allowClear
            autoFocus
            placeholder={t('Search all charts')}
            onChange={(event) => setSearch(event.target.value)}
            data-test="viz-type-search"
          />
          <div
            style={{
              flex: 1,
              overflow: 'auto',
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
              gap: 10,
              alignContent: 'start',
            }}
          >
            {shown.map((plugin) => (
              <button
                type="button"
                key={plugin.vizType}
                data-test={`viz-type-${plugin.vizType}`}
                data-viz-type={plugin.vizType}
                onClick={() => setSelected(plugin.vizType)}
                onDoubleClick={() => onSelect(plugin.vizType)}
                style={{
                  border: `2px solid ${plugin.vizType === selected ? '#1677ff' : '#eee'}`,
                  borderRadius: 6,
                  background: '#fff',
                  padding: 6,
                  cursor: 'pointer',
                }}
              >
                <img
                  src={plugin.metadata.thumbnail}
                  alt=""
                  style={{ width: '100%', height: 70, objectFit: 'contain' }}
                />
                <div style={{ fontSize: 12, marginTop: 4 }}>{plugin.metadata.name}</div>
              </button>
            ))}
          </div>
          {chosen && (
            <div style={{ borderTop: '1px solid #f0f0f0', paddingTop: 8 }}>
              <Typography.Text strong>{chosen.metadata.name}</Typography.Text>{' '}
              {chosen.metadata.tags.slice(0, 4).map((tag) => (
                <Tag key={tag}>{tag}</Tag>
              ))}
              <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
                {chosen.metadata.description}
              </Typography.Paragraph>
            </div>
          )}
        </div>
      </div>
    </Modal>
  );
}
