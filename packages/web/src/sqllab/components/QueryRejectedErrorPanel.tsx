// Panel of queries SQL Lab refused to run: data manipulation not allowed, invalid CTAS or CVAS, invalid SQL.

import type { ErrorType } from '@nezha/core';
import { useTranslation } from 'react-i18next';
import { i18nKey } from '../../i18n/i18n';
import ErrorAlert from './ErrorAlert';
import { issueCodesOf } from './error-details';
import type { ErrorPanelProps } from './error-panel-registry';
import IssueCodeList from './IssueCodeList';

const TITLES: Partial<Record<ErrorType, string>> = {
  DML_NOT_ALLOWED_ERROR: i18nKey('Data manipulation is not allowed'),
  INVALID_CTAS_QUERY_ERROR: i18nKey('Invalid CREATE TABLE AS query'),
  INVALID_CVAS_QUERY_ERROR: i18nKey('Invalid CREATE VIEW AS query'),
  ADHOC_SUBQUERY_NOT_ALLOWED_ERROR: i18nKey('Subqueries are not allowed here'),
  INVALID_SQL_ERROR: i18nKey('Invalid SQL'),
};

export default function QueryRejectedErrorPanel({ error, inModal, subtitle, onNotify }: ErrorPanelProps) {
  const { t } = useTranslation();
  const issueCodes = issueCodesOf(error);
  return (
    <ErrorAlert
      level={error.level}
      title={TITLES[error.error_type] ? t(TITLES[error.error_type] as string) : t('The query was not run')}
      message={subtitle ?? error.message}
      details={issueCodes.length > 0 ? <IssueCodeList issueCodes={issueCodes} /> : undefined}
      copyText={error.message}
      inModal={inModal}
      onNotify={onNotify}
    />
  );
}
