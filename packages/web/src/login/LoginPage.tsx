// The sign-in page: username and password; on success goes to `next` or the Home page.
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../api/api-error';
import { login } from '../api/session-api';
import { applySignedInLocale } from '../i18n/locale-api';
import { safeNextPath } from '../session/safe-next';
import { userLoggedIn } from '../session/state/session';
import { useCurrentUser } from '../session/use-session';
import { useAppDispatch } from '../store/hooks';

const labelStyle = { display: 'block', margin: '12px 0 4px', fontWeight: 500 } as const;

// Plain elements rather than antd's Form, Card and Typography keep the first page a visitor loads small.
export default function LoginPage() {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const user = useCurrentUser();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const next = safeNextPath(searchParams.get('next'));

  if (user) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!username.trim() || !password) {
      setError(t('Please enter your username and password.'));
      return;
    }
    setSubmitting(true);
    setError(null);
    try {
      const signedIn = await login(username.trim(), password);
      // The language the user saved in an earlier session replaces the browser's; a failure keeps the page's.
      await applySignedInLocale().catch(() => undefined);
      dispatch(userLoggedIn(signedIn));
      navigate(next, { replace: true });
    } catch (failure) {
      setError(isApiError(failure) ? failure.message : t('An error occurred'));
      setSubmitting(false);
    }
  };

  return (
    <div
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(160deg, #e8f6fa 0%, #f5f7f8 60%)',
        padding: 16,
      }}
    >
      <main
        style={{
          width: 380,
          background: '#fff',
          borderRadius: 8,
          border: '1px solid #e8ecef',
          padding: '28px 28px 32px',
          boxShadow: '0 8px 24px rgba(15, 45, 60, 0.08)',
        }}
      >
        <div style={{ display: 'flex', alignItems: 'center', gap: 10, marginBottom: 8 }}>
          <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={32} height={32} />
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, color: '#1f2933' }}>Nezha</h1>
        </div>
        <p style={{ color: 'rgba(0, 0, 0, 0.55)', margin: '0 0 16px' }}>{t('Sign in to explore your data.')}</p>
        {error && <Alert type="error" title={error} showIcon data-test="login-error" />}
        <form onSubmit={onSubmit} noValidate>
          <label htmlFor="username" style={labelStyle}>
            {t('Username')}
          </label>
          <Input
            id="username"
            name="username"
            prefix={<UserOutlined />}
            autoComplete="username"
            autoFocus
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            disabled={submitting}
          />
          <label htmlFor="password" style={labelStyle}>
            {t('Password')}
          </label>
          <Input.Password
            id="password"
            name="password"
            prefix={<LockOutlined />}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            disabled={submitting}
          />
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={submitting}
            style={{ marginTop: 24 }}
            data-test="login-submit"
          >
            {t('Sign in')}
          </Button>
        </form>
      </main>
    </div>
  );
}
