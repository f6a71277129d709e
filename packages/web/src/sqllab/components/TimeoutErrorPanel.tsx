// Panel of timeouts (browser, server, SQL Lab, database): the timeout in seconds when known, and the usual causes.
import { useTranslation } from 'react-i18next';
import ErrorAlert from './ErrorAlert';
import { issueCodesOf } from './error-details';
import type { ErrorPanelProps } from './error-panel-registry';
import IssueCodeList from './IssueCodeList';

export default function TimeoutErrorPanel({ error, inModal, subtitle, onNotify }: ErrorPanelProps) {
  const { t } = useTranslation();
  const timeout = typeof error.extra?.timeout === 'number' ? error.extra.timeout : null;
  const issueCodes = issueCodesOf(error);
  const explanation =
    timeout === null
      ? null
      : t('We’re having trouble loading these results. Queries are set to timeout after {{count}} seconds.', {
          count: timeout,
        });
  return (
    <ErrorAlert
      level={error.level}
      title={t('Timeout error')}
      message={subtitle ?? explanation ?? error.message}
      description={explanation && error.message !== explanation ? error.message : undefined}
      details={issueCodes.length > 0 ? <IssueCodeList issueCodes={issueCodes} /> : undefined}
      copyText={error.message}
      inModal={inModal}
      onNotify={onNotify}
    />
  );
}
