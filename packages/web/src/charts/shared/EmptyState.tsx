// What a chart shows when its queries returned no rows (Superset's "No results" state).
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import { useRenderSuccess } from './use-render-success';

export const NO_RESULTS_MESSAGE = i18nKey('No results were returned for this query');

interface Props {
  width: number;
  height: number;
  /** The empty state is the chart's drawing: it counts as rendered. */
  onRenderSuccess?: () => void;
}

export default function EmptyState({ width, height, onRenderSuccess }: Props) {
  const { t } = useTranslation();
  useRenderSuccess(onRenderSuccess, true);
  return (
    <div style={{ width, height, display: 'flex', alignItems: 'center', justifyContent: 'center', overflow: 'hidden' }}>
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={
          <>
            <div style={{ fontWeight: 600 }}>{t(NO_RESULTS_MESSAGE)}</div>
            {height > 160 && (
              <div style={{ fontSize: 12 }}>
                {t(
                  'Make sure that the controls are configured properly and the datasource contains data for the selected time range',
                )}
              </div>
            )}
          </>
        }
      />
    </div>
  );
}
