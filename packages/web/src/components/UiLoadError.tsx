// What a lazy route or component shows when its code chunk failed to load (spec §8): refreshing fetches the
// current chunks again.
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../i18n/i18n';

export const UI_LOAD_ERROR = i18nKey('UI Load Error: Please refresh the browser');

export default function UiLoadError({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div style={{ padding: compact ? 8 : 24 }} data-test="ui-load-error">
      <Alert
        type="error"
        showIcon
        title={t(UI_LOAD_ERROR)}
        action={
          <Button size="small" onClick={() => window.location.reload()}>
            {t('Refresh')}
          </Button>
        }
      />
    </div>
  );
}
