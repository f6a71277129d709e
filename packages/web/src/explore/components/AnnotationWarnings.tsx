// Failed annotation layers (chart state annotationError): a warning above the chart, which still draws.
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export default function AnnotationWarnings({ errors }: { errors: Record<string, string> }) {
  const { t } = useTranslation();
  const entries = Object.entries(errors);
  if (entries.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      closable
      data-test="annotation-warning"
      style={{ margin: '12px 16px 0' }}
      title={t('Some annotation layers could not be drawn')}
      description={entries.map(([name, error]) => (
        <div key={name}>
          <strong>{name}</strong>: {error}
        </div>
      ))}
    />
  );
}
