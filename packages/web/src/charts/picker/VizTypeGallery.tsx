// The chart gallery (Superset 4's VizTypeGallery): search and sections on the left, thumbnails in a grid, the
// selected chart's description below. Click or arrow keys select, double-click or Enter confirms.
import { SearchOutlined } from '@ant-design/icons';
import { Empty, Input, Tag, Typography } from 'antd';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listChartPlugins } from '../registry';
import {
  ALL_CHARTS,
  categoryOf,
  filterGallery,
  type GallerySection,
  galleryCategories,
  galleryPlugins,
  galleryTags,
  movedIndex,
  sameSection,
} from './viz-type-catalog';

interface VizTypeGalleryProps {
  selected: string | null;
  onSelect: (vizType: string) => void;
  /** Double-click or Enter: the chart is chosen, the dialog around may close. */
  onConfirm: (vizType: string) => void;
  /** The gallery's height; it scrolls inside. */
  height: number | string;
}

const GALLERY_CSS = `
.nezha-viz-card { border: 1px solid #e8ecef; border-radius: 6px; background: #fff; padding: 6px; cursor: pointer; text-align: center; }
.nezha-viz-card:hover { border-color: #91caff; }
.nezha-viz-card[aria-selected="true"] { border: 2px solid #1677ff; padding: 5px; }
.nezha-viz-card:focus-visible { outline: 2px solid #1677ff; outline-offset: 2px; }
.nezha-viz-section { display: block; width: 100%; text-align: left; border: none; background: none; border-radius: 4px; padding: 4px 8px; cursor: pointer; color: inherit; font: inherit; }
.nezha-viz-section:hover { background: #f0f5f7; }
.nezha-viz-section[aria-pressed="true"] { background: #e6f4ff; color: #1677ff; font-weight: 600; }
`;

/** How many columns the grid laid out, read from its computed template. */
function columnCount(grid: HTMLElement | null): number {
  if (!grid) return 1;
  return Math.max(1, getComputedStyle(grid).gridTemplateColumns.split(' ').filter(Boolean).length);
}

export default function VizTypeGallery({ selected, onSelect, onConfirm, height }: VizTypeGalleryProps) {
  const { t } = useTranslation();
  const plugins = useMemo(() => galleryPlugins(listChartPlugins()), []);
  const categories = useMemo(() => galleryCategories(plugins), [plugins]);
  const tags = useMemo(() => galleryTags(plugins), [plugins]);
  const [section, setSection] = useState<GallerySection>(ALL_CHARTS);
  const [search, setSearch] = useState('');
  const shown = filterGallery(plugins, section, search);
  const chosen = plugins.find((plugin) => plugin.vizType === selected);
  const grid = useRef<HTMLDivElement>(null);
  const shownSelected = shown.findIndex((plugin) => plugin.vizType === selected);
  const tabbable = shownSelected >= 0 ? shownSelected : 0;

  // The selected card scrolls into view (arrow keys, or a gallery opened on the current chart type).
  useEffect(() => {
    if (!selected) return;
    grid.current?.querySelector(`[data-viz-type="${CSS.escape(selected)}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const choose = (next: GallerySection) => {
    // As in Superset, picking a section ends a search.
    setSearch('');
    setSection(next);
  };

  const onCardKey = (event: KeyboardEvent<HTMLButtonElement>, index: number, vizType: string) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onConfirm(vizType);
      return;
    }
    const next = movedIndex(index, event.key, shown.length, columnCount(grid.current));
    if (next === index) return;
    event.preventDefault();
    const target = shown[next];
    if (!target) return;
    onSelect(target.vizType);
    grid.current?.querySelectorAll<HTMLButtonElement>('[data-viz-type]')[next]?.focus();
  };

  const sectionButton = (key: string, label: string, target: GallerySection) => (
    <button
      type="button"
      key={key}
      className="nezha-viz-section"
      aria-pressed={!search && sameSection(section, target)}
      onClick={() => choose(target)}
      data-test={`viz-section-${key}`}
    >
      {label}
    </button>
  );
  const heading = (text: string) => (
    <Typography.Text type="secondary" style={{ display: 'block', fontSize: 11, margin: '12px 8px 4px' }}>
      {text.toUpperCase()}
    </Typography.Text>
  );

  return (
    <div style={{ display: 'flex', gap: 16, height, minHeight: 0 }} data-test="viz-type-gallery">
      <style>{GALLERY_CSS}</style>
      <nav style={{ width: 190, flex: 'none', overflow: 'auto' }} aria-label={t('Chart categories')}>
        <div data-test="viz-type-search" style={{ marginBottom: 8 }}>
          <Input
            allowClear
            autoFocus
            prefix={<SearchOutlined />}
            placeholder={t('Search all charts')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              // Down from the search goes to the results, as from a combobox to its list.
              if (event.key !== 'ArrowDown' || !shown[0]) return;
              event.preventDefault();
              onSelect(shown[0].vizType);
              grid.current?.querySelector<HTMLButtonElement>('[data-viz-type]')?.focus();
            }}
          />
        </div>
        {sectionButton('all', t('All charts'), ALL_CHARTS)}
        {tags.length > 0 && heading(t('Recommended tags'))}
        {tags.map((tag) => sectionButton(`tag-${tag}`, t(tag), { kind: 'tag', name: tag }))}
        {heading(t('Category'))}
        {categories.map((category) =>
          sectionButton(`category-${category}`, t(category), { kind: 'category', name: category }),
        )}
      </nav>
      <div style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 8 }}>
        <div
          ref={grid}
          role="listbox"
          aria-label={t('Chart types')}
          data-test="viz-type-grid"
          style={{
            flex: 1,
            minHeight: 0,
            overflow: 'auto',
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(118px, 1fr))',
            gap: 10,
            alignContent: 'start',
            padding: 2,
          }}
        >
          {shown.length === 0 && (
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t('No charts match your search')}
              style={{ gridColumn: '1 / -1' }}
            />
          )}
          {shown.map((plugin, index) => (
            <button
              type="button"
              role="option"
              key={plugin.vizType}
              className="nezha-viz-card"
              aria-selected={plugin.vizType === selected}
              // Tab reaches the grid once, on its selected card (or the first); arrows move inside.
              tabIndex={index === tabbable ? 0 : -1}
              data-test={`viz-type-${plugin.vizType}`}
              data-viz-type={plugin.vizType}
              onClick={() => onSelect(plugin.vizType)}
              onDoubleClick={() => onConfirm(plugin.vizType)}
              onKeyDown={(event) => onCardKey(event, index, plugin.vizType)}
            >
              <img
                src={plugin.metadata.thumbnail}
                alt=""
                loading="lazy"
                width={104}
                height={70}
                style={{ width: '100%', height: 70, objectFit: 'contain' }}
              />
              <div style={{ fontSize: 12, marginTop: 4, lineHeight: 1.3 }}>{t(plugin.metadata.name)}</div>
            </button>
          ))}
        </div>
        <div
          data-test="viz-type-details"
          style={{
            flex: 'none',
            borderTop: '1px solid #f0f0f0',
            paddingTop: 8,
            minHeight: 96,
            display: 'flex',
            gap: 12,
          }}
        >
          {chosen ? (
            <>
              <img
                src={chosen.metadata.thumbnail}
                alt={t(chosen.metadata.name)}
                width={132}
                height={88}
                style={{ flex: 'none', border: '1px solid #f0f0f0', borderRadius: 4 }}
                data-test="viz-type-example"
              />
              <div style={{ minWidth: 0 }}>
                <Typography.Text strong data-test="viz-type-details-name">
                  {t(chosen.metadata.name)}
                </Typography.Text>{' '}
                <Tag color="blue">{t(categoryOf(chosen))}</Tag>
                {chosen.metadata.tags
                  .filter((tag) => tag !== 'FEATURED')
                  .slice(0, 5)
                  .map((tag) => (
                    <Tag key={tag}>{t(tag)}</Tag>
                  ))}
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 3 }} style={{ margin: '4px 0 0' }}>
                  {t(chosen.metadata.description)}
                </Typography.Paragraph>
              </div>
            </>
          ) : (
            <Typography.Text type="secondary">{t('Select a chart type to see its description')}</Typography.Text>
          )}
        </div>
      </div>
    </div>
  );
}
