// Explore's "View all charts" dialog: the chart gallery around the current chart type; Select or a double-click
// switches to the chosen one.

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import VizTypeGalleryBody from '../../charts/picker/VizTypeGallery';
import { isSemanticVizType } from '../../charts/semantic-viz-types';
import Modal from '../../components/Modal';

interface VizTypeGalleryProps {
  current: string;
  onSelect: (vizType: string) => void;
  onClose: () => void;
}

export default function VizTypeGallery({ current, onSelect, onClose }: VizTypeGalleryProps) {
  const { t } = useTranslation();
  // A measure or cohort is not among the charts: nothing is selected until a chart is picked.
  const [selected, setSelected] = useState<string | null>(isSemanticVizType(current) ? null : current);
  return (
    <Modal
      open
      width="min(1100px, 94vw)"
      centered
      title={t('Select a visualization type')}
      okText={t('Select')}
      okButtonProps={{ disabled: !selected, id: 'viz-type-select' }}
      onOk={() => selected && onSelect(selected)}
      onCancel={onClose}
    >
      <VizTypeGalleryBody
        selected={selected}
        onSelect={setSelected}
        onConfirm={onSelect}
        height="min(560px, calc(100vh - 220px))"
      />
    </Modal>
  );
}
