// A dashboard chart's failed annotation layers: a small warning in its header, the layers and their errors in the
// tooltip (Explore shows the same as a banner; a dashboard card has no room for one).
import { WarningOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';

export default function AnnotationBadge({ errors }: { errors: Record<string, string> | undefined }) {
  const { t } = useTranslation();
  const entries = Object.entries(errors ?? {});
  if (entries.length === 0) return null;
  return (
    <Tooltip
      title={
        <div>
          <div style={{ fontWeight: 600 }}>{t('Some annotation layers could not be drawn')}</div>
          {entries.map(([name, error]) => (
            <div key={name}>
              {name}: {error}
            </div>
          ))}
        </div>
      }
    >
      <WarningOutlined data-test="annotation-warning" style={{ color: '#faad14', fontSize: 14 }} />
    </Tooltip>
  );
}
