// A control's label, its description as a tooltip and its validation messages in red.
import { ExclamationCircleFilled, InfoCircleOutlined } from '@ant-design/icons';
import { Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface ControlHeaderProps {
  label: string;
  description?: string | undefined;
  errors?: readonly string[];
  extra?: ReactNode;
}

export default function ControlHeader({ label, description, errors = [], extra }: ControlHeaderProps) {
  const { t } = useTranslation();
  const invalid = errors.length > 0;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6, marginBottom: 4, minHeight: 22 }}>
      <span style={{ fontWeight: 600, fontSize: 12, color: invalid ? '#e04355' : '#444', textTransform: 'uppercase' }}>
        {t(label)}
      </span>
      {description && (
        <Tooltip title={t(description)}>
          <InfoCircleOutlined style={{ color: '#999', fontSize: 12 }} />
        </Tooltip>
      )}
      {invalid && (
        <Tooltip title={errors.map((error) => t(error)).join(' ')}>
          <ExclamationCircleFilled data-test="control-error" style={{ color: '#e04355', fontSize: 12 }} />
        </Tooltip>
      )}
      <span style={{ flex: 1 }} />
      {extra}
    </div>
  );
}
