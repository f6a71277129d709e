// The panel drawn in place of a chart whose viz type Nezha has no plugin for (e.g. one imported from Superset).
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export default function UnsupportedChart({ vizType }: { vizType: string }) {
  const { t } = useTranslation();
  return (
    <div
      data-test="unsupported-chart"
      data-viz-type={vizType}
      style={{ height: '100%', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 8 }}
    >
      <Alert
        type="info"
        showIcon
        title={t('Unsupported chart type: {{vizType}}', { vizType })}
        description={t('Nezha cannot draw this chart. Its definition is kept, so a later version may draw it.')}
      />
    </div>
  );
}
