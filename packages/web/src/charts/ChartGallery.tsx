// Dev-only gallery (/chart/gallery/ under the Vite dev server): every viz type drawn from sample data through
// its buildQuery, the sample "server" and transformProps. ?viz=<id> shows one chart; ?w= and ?h= size it.
import { Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import GalleryCard from './gallery/GalleryCard';
import { GALLERY_CASES } from './gallery/gallery-cases';
import { registerAllCharts } from './index';

registerAllCharts();

export default function ChartGallery() {
  const { t } = useTranslation();
  const params = new URLSearchParams(window.location.search);
  const only = params.get('viz');
  const width = Number(params.get('w') ?? (only ? 900 : 560));
  const height = Number(params.get('h') ?? (only ? 480 : 340));
  const cases = only ? GALLERY_CASES.filter((example) => example.id === only) : GALLERY_CASES;
  const [events, setEvents] = useState<string[]>([]);
  const onEvent = useCallback((text: string) => setEvents((list) => [text, ...list].slice(0, 6)), []);

  return (
    <div style={{ padding: 16, background: '#f5f7f8', minHeight: '100vh' }}>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('Chart gallery')}
      </Typography.Title>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {cases.map((example) => (
          <GalleryCard key={example.id} example={example} width={width} height={height} onEvent={onEvent} />
        ))}
      </div>
      <pre data-testid="gallery-events" style={{ marginTop: 16, fontSize: 12, whiteSpace: 'pre-wrap' }}>
        {events.join('\n')}
      </pre>
    </div>
  );
}
