// "Embed dashboard" dialog (Superset's DashboardEmbedModal): turns embedding on, edits the allowed domains, shows
// the uuid the embedding SDK takes, and turns it off.
import { Alert, Button, Form, Input, Popconfirm, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { isApiError } from '../../../api/api-error';
import Modal from '../../../components/Modal';
import { addDangerToast, addInfoToast } from '../../../components/toasts/state/message-toasts';
import { useAppDispatch, useAppSelector } from '../../../store/hooks';
import { deleteEmbedded, type EmbeddedConfig, fetchEmbedded, saveEmbedded } from '../../api/embedded-api';

interface Props {
  onClose: () => void;
}

export default function EmbeddedModal({ onClose }: Props) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const dashboardId = useAppSelector((state) => state.dashboardInfo.id);
  const [loading, setLoading] = useState(true);
  const [saving, setSaving] = useState(false);
  const [embedded, setEmbedded] = useState<EmbeddedConfig | null>(null);
  const [domains, setDomains] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (dashboardId === null) return;
    let live = true;
    fetchEmbedded(dashboardId)
      .then((config) => {
        if (!live) return;
        setEmbedded(config);
        setDomains(config?.allowed_domains.join(', ') ?? '');
      })
      .catch((failure: unknown) => live && setError(isApiError(failure) ? failure.message : String(failure)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [dashboardId]);

  const save = async () => {
    if (dashboardId === null) return;
    setSaving(true);
    setError(null);
    const list = domains
      .split(/[\s,]+/)
      .map((domain) => domain.trim())
      .filter(Boolean);
    try {
      const config = await saveEmbedded(dashboardId, list);
      setEmbedded(config);
      setDomains(config.allowed_domains.join(', '));
      dispatch(addInfoToast(t('Changes saved.')));
    } catch (failure) {
      setError(
        isApiError(failure) && failure.message
          ? failure.message
          : t('Sorry, something went wrong. The changes could not be saved.'),
      );
    } finally {
      setSaving(false);
    }
  };

  const deactivate = async () => {
    if (dashboardId === null) return;
    setSaving(true);
    try {
      await deleteEmbedded(dashboardId);
      setEmbedded(null);
      setDomains('');
      dispatch(addInfoToast(t('Embedding deactivated.')));
    } catch {
      dispatch(addDangerToast(t('Sorry, something went wrong. Embedding could not be deactivated.')));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t('Embed')}
      onCancel={onClose}
      mask={{ closable: false }}
      data-test="embedded-modal"
      footer={
        <Space>
          {embedded && (
            <Popconfirm
              title={t('Disable embedding?')}
              description={t('This will remove your current embed configuration.')}
              okText={t('Deactivate')}
              cancelText={t('Cancel')}
              onConfirm={() => void deactivate()}
            >
              <Button danger disabled={saving} data-test="embedded-deactivate">
                {t('Deactivate')}
              </Button>
            </Popconfirm>
          )}
          <Button type="primary" loading={saving} onClick={() => void save()} data-test="embedded-save">
            {embedded ? t('Save changes') : t('Enable embedding')}
          </Button>
        </Space>
      }
    >
      {loading ? (
        <Spin />
      ) : (
        <>
          {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
          <Typography.Paragraph>
            {embedded ? (
              <>
                {t('This dashboard is ready to embed. In your application, pass the following id to the SDK:')}
                <br />
                <Typography.Text code copyable data-test="embedded-uuid">
                  {embedded.uuid}
                </Typography.Text>
              </>
            ) : (
              t('Configure this dashboard to embed it into an external web application.')
            )}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary">
            <Trans
              i18nKey="For further instructions, consult the <0>Superset Embedded SDK documentation.</0>"
              components={[
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside.
                <a
                  key="sdk"
                  href="https://www.npmjs.com/package/@superset-ui/embedded-sdk"
                  target="_blank"
                  rel="noreferrer"
                />,
              ]}
            />
          </Typography.Paragraph>
          <Form layout="vertical">
            <Form.Item
              label={t('Allowed Domains (comma separated)')}
              tooltip={t(
                'A list of domain names that can embed this dashboard. Leaving this field empty will allow embedding from any domain.',
              )}
            >
              <Input
                value={domains}
                onChange={(event) => setDomains(event.target.value)}
                placeholder="https://superset.example.com"
                data-test="embedded-domains"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
