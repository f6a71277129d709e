// The two certification inputs Superset shows for datasets, columns and metrics: certified by, details.
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

interface CertificationFieldsProps {
  certifiedBy: string;
  details: string;
  onChange: (patch: { certified_by?: string; certification_details?: string }) => void;
}

export default function CertificationFields({ certifiedBy, details, onChange }: CertificationFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item label={t('Certified by')}>
        <Input
          value={certifiedBy}
          placeholder={t('Person or group that has certified this')}
          onChange={(e) => onChange({ certified_by: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('Certification details')}>
        <Input
          value={details}
          placeholder={t('Details of the certification')}
          onChange={(e) => onChange({ certification_details: e.target.value })}
        />
      </Form.Item>
    </>
  );
}
