// Annotation layers (spec §3 "Annotation layer": name, sourceType, value, overrides): one pill per layer that
// opens its editor, "+ Add annotation layer", and × to remove a layer.
import { EyeInvisibleOutlined } from '@ant-design/icons';
import { Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AnnotationLayer, readAnnotationLayers } from '../../charts/shared/annotations/annotation-layer';
import { i18nKey } from '../../i18n/i18n';
import AddControlButton from './AddControlButton';
import AnnotationLayerEditor from './AnnotationLayerEditor';
import ControlPill from './ControlPill';

const TYPE_LABELS: Record<AnnotationLayer['annotationType'], string> = {
  FORMULA: i18nKey('Formula'),
  EVENT: i18nKey('Event'),
  INTERVAL: i18nKey('Interval'),
  TIME_SERIES: i18nKey('Time series'),
};

export default function AnnotationLayersControl({
  value,
  onChange,
}: {
  value: unknown;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation();
  const layers = readAnnotationLayers(value);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const namesBut = (index: number | 'new') => layers.filter((_, at) => at !== index).map((layer) => layer.name);
  const apply = (index: number | 'new', layer: AnnotationLayer) => {
    onChange(index === 'new' ? [...layers, layer] : layers.map((current, at) => (at === index ? layer : current)));
    setEditing(null);
  };
  const remove = (index: number) => {
    onChange(layers.filter((_, at) => at !== index));
    setEditing(null);
  };
  // The control sits low in the panel: the editor grows upwards from it (rightBottom) and stays in the window.
  // antd shows no popover for empty content, so the editor is always given; destroyOnHidden mounts it afresh.
  const editor = (index: number | 'new') => (
    <AnnotationLayerEditor
      layer={index === 'new' ? null : (layers[index] ?? null)}
      otherNames={namesBut(index)}
      onApply={(layer) => apply(index, layer)}
      onRemove={index === 'new' ? undefined : () => remove(index)}
      onClose={() => setEditing(null)}
    />
  );
  return (
    <div data-test="annotation-layers-control">
      {layers.map((layer, index) => (
        <Popover
          key={layer.name}
          trigger="click"
          placement="rightBottom"
          open={editing === index}
          onOpenChange={(open) => setEditing(open ? index : null)}
          content={editor(index)}
          destroyOnHidden
        >
          <ControlPill
            testId="annotation-layer-pill"
            label={`${layer.name} (${t(TYPE_LABELS[layer.annotationType])})`}
            icon={layer.show ? undefined : <EyeInvisibleOutlined style={{ color: '#999' }} />}
            onClick={() => setEditing(index)}
            onRemove={() => remove(index)}
          />
        </Popover>
      ))}
      <Popover
        trigger="click"
        placement="rightBottom"
        open={editing === 'new'}
        onOpenChange={(open) => setEditing(open ? 'new' : null)}
        content={editor('new')}
        destroyOnHidden
      >
        <AddControlButton
          testId="add-annotation-layer"
          text={t('Add annotation layer')}
          onClick={() => setEditing('new')}
        />
      </Popover>
    </div>
  );
}
