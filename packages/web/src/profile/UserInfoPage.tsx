// The user's own page (Superset's /users/userinfo/): name, username, email, roles, logins, and the password change.
import { KeyOutlined } from '@ant-design/icons';
import { Button, Descriptions, Result, Skeleton, Tag } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../api/api-error';
import LazyLoad from '../components/LazyLoad';
import ListPageFrame from '../components/list/ListPageFrame';
import LanguagePreference from '../i18n/LanguagePreference';
import { fetchMyInfo, type MyInfo } from './profile-api';

const ChangePasswordModal = lazy(() => import('./ChangePasswordModal'));

const when = (value: string | null) => (value ? new Date(value).toLocaleString() : '—');

export default function UserInfoPage() {
  const { t } = useTranslation();
  const [info, setInfo] = useState<MyInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);

  useEffect(() => {
    document.title = t('User info');
    fetchMyInfo().then(setInfo, (failure: unknown) =>
      setError(isApiError(failure) ? failure.message : String(failure)),
    );
  }, [t]);

  if (error) return <Result status="error" title={t('An error occurred')} subTitle={error} />;
  return (
    <ListPageFrame
      title={t('User info')}
      actions={
        <Button icon={<KeyOutlined />} onClick={() => setChanging(true)} disabled={!info} data-test="change-password">
          {t('Reset my password')}
        </Button>
      }
    >
      {!info ? (
        <Skeleton active />
      ) : (
        <div data-test="user-info" style={{ display: 'grid', gap: 24 }}>
          <Descriptions title={t('User info')} bordered column={1} size="middle" labelStyle={{ width: 220 }}>
            <Descriptions.Item label={t('Username')}>
              <span data-test="user-info-username">{info.username}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('Roles')}>
              {info.roles.map((role) => (
                <Tag key={role}>{role}</Tag>
              ))}
            </Descriptions.Item>
            <Descriptions.Item label={t('Login count')}>{info.login_count}</Descriptions.Item>
          </Descriptions>
          <Descriptions title={t('Personal info')} bordered column={1} size="middle" labelStyle={{ width: 220 }}>
            <Descriptions.Item label={t('First name')}>{info.first_name}</Descriptions.Item>
            <Descriptions.Item label={t('Last name')}>{info.last_name}</Descriptions.Item>
            <Descriptions.Item label={t('Email')}>{info.email}</Descriptions.Item>
          </Descriptions>
          <LanguagePreference />
          <Descriptions title={t('Audit info')} bordered column={1} size="middle" labelStyle={{ width: 220 }}>
            <Descriptions.Item label={t('Last login')}>{when(info.last_login)}</Descriptions.Item>
            <Descriptions.Item label={t('Created on')}>{when(info.created_on)}</Descriptions.Item>
            <Descriptions.Item label={t('Changed on')}>{when(info.changed_on)}</Descriptions.Item>
          </Descriptions>
        </div>
      )}
      {changing && (
        <LazyLoad compact>
          <ChangePasswordModal open={changing} onClose={() => setChanging(false)} />
        </LazyLoad>
      )}
    </ListPageFrame>
  );
}
