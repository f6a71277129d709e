// The chart type control: the current viz type's thumbnail and name, opening the viz type gallery.
import { AppstoreOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getChartPlugin } from '../../charts/registry';
import { i18nKey } from '../../i18n/i18n';
import ControlHeader from './ControlHeader';

const VizTypeGallery = lazy(() => import('./VizTypeGallery'));

export default function VizTypeControl({ value, onChange }: { value: string; onChange: (vizType: string) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const plugin = getChartPlugin(value);
  return (
    <div>
      <ControlHeader label={i18nKey('Chart type')} />
      <Button
        block
        onClick={() => setOpen(true)}
        data-test="viz-type-control"
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'flex-start',
          gap: 8,
          height: 40,
          overflow: 'hidden',
        }}
      >
        {plugin?.metadata.thumbnail ? (
          <img
            src={plugin.metadata.thumbnail}
            alt=""
            style={{ width: 40, height: 28, objectFit: 'contain', flex: 'none' }}
          />
        ) : (
          <AppstoreOutlined />
        )}
        {/* Longer languages: the name gives way (ellipsis) so the gallery link stays inside the button. */}
        <span
          title={plugin ? t(plugin.metadata.name) : value}
          style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          {plugin ? t(plugin.metadata.name) : value}
        </span>
        <span style={{ flex: 1 }} />
        <span style={{ color: '#1677ff', fontSize: 12, flex: 'none' }}>{t('View all charts')}</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <VizTypeGallery
            current={value}
            onClose={() => setOpen(false)}
            onSelect={(vizType) => {
              setOpen(false);
              if (vizType !== value) onChange(vizType);
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
