// The routes' errorElement: a page whose chunk failed to load says "UI Load Error: Please refresh the browser";
// any other error thrown while rendering a page is shown as the spec's generic "Unexpected error".
import { isChunkLoadError } from '@nezha/core';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import UiLoadError from './UiLoadError';

export default function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isChunkLoadError(error)) return <UiLoadError />;
  const detail = error instanceof Error ? error.message : null;
  return (
    <div style={{ padding: 24 }} data-test="route-error">
      <Alert type="error" showIcon title={t('Unexpected error')} description={detail} />
    </div>
  );
}
