// Panel of the OAuth2 errors (Superset's OAuth2RedirectMessage): OAUTH2_REDIRECT asks the user to authorize the
// database in a new tab; OAUTH2_REDIRECT_ERROR says the authorization itself failed, with the provider's words.
import { useTranslation } from 'react-i18next';
import ErrorAlert from './ErrorAlert';
import { oauth2UrlOf } from './error-details';
import type { ErrorPanelProps } from './error-panel-registry';

export default function OAuth2ErrorPanel({ error, inModal, subtitle, onNotify }: ErrorPanelProps) {
  const { t } = useTranslation();
  if (error.error_type === 'OAUTH2_REDIRECT') {
    const url = oauth2UrlOf(error);
    return (
      <ErrorAlert
        level="warning"
        title={t('Authorization needed')}
        message={
          subtitle ??
          (url ? (
            <a href={url} target="_blank" rel="noreferrer" data-test="oauth2-authorize">
              {t('Provide authorization to run this query')}
            </a>
          ) : (
            error.message
          ))
        }
        description={t(
          'This database uses OAuth2 for authentication. Please click the link above to grant permission to access the data. Your personal access token will be stored encrypted and used only for queries run by you.',
        )}
        inModal={inModal}
        onNotify={onNotify}
      />
    );
  }
  return (
    <ErrorAlert
      level={error.level}
      title={t('OAuth2 authorization failed')}
      message={subtitle ?? error.message}
      description={t('Try authorizing again; if it keeps failing, contact your administrator.')}
      copyText={error.message}
      inModal={inModal}
      onNotify={onNotify}
    />
  );
}
