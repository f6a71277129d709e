// "Metrics" tab: the saved metrics, each with its SQL expression, formats, currency, warning and certification.
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import CertificationFields from './CertificationFields';
import { type DraftMetric, emptyMetric } from './editor-draft';

interface MetricsTabProps {
  metrics: DraftMetric[];
  onChange: (metrics: DraftMetric[]) => void;
}

export default function MetricsTab({ metrics, onChange }: MetricsTabProps) {
  const { t } = useTranslation();
  const patch = (key: string, values: Partial<DraftMetric>) =>
    onChange(metrics.map((metric) => (metric.key === key ? { ...metric, ...values } : metric)));

  const details = (metric: DraftMetric) => (
    <Form layout="vertical" style={{ maxWidth: 640 }} data-test="metric-details">
      <Form.Item label={t('Description')}>
        <Input.TextArea
          value={metric.description}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => patch(metric.key, { description: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('D3 format')}>
        <Input
          value={metric.d3format}
          placeholder="%y/%m/%d, ,.2f"
          onChange={(e) => patch(metric.key, { d3format: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('Metric currency')}>
        <div style={{ display: 'flex', gap: 8 }}>
          <Input
            value={metric.currency_symbol}
            placeholder={t('Currency (e.g. USD, EUR)')}
            onChange={(e) => patch(metric.key, { currency_symbol: e.target.value.toUpperCase() })}
            style={{ width: 200 }}
          />
          <Select
            value={metric.currency_position}
            onChange={(value) => patch(metric.key, { currency_position: value })}
            options={[
              { value: 'prefix', label: t('Prefix') },
              { value: 'suffix', label: t('Suffix') },
            ]}
            style={{ width: 140 }}
          />
        </div>
      </Form.Item>
      <Form.Item label={t('Warning')}>
        <Input.TextArea
          value={metric.warning_text}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('Optional warning about use of this metric')}
          onChange={(e) => patch(metric.key, { warning_text: e.target.value })}
        />
      </Form.Item>
      <CertificationFields
        certifiedBy={metric.certified_by}
        details={metric.certification_details}
        onChange={(values) => patch(metric.key, values)}
      />
    </Form>
  );

  return (
    <div data-test="dataset-editor-metrics">
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <Button icon={<PlusOutlined />} onClick={() => onChange([emptyMetric(), ...metrics])} data-test="add-metric">
          {t('Add item')}
        </Button>
      </div>
      <Table<DraftMetric>
        rowKey="key"
        size="small"
        dataSource={metrics}
        pagination={metrics.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        expandable={{ expandedRowRender: details }}
        data-test="metrics-table"
        columns={[
          {
            key: 'metric_name',
            title: t('Metric key'),
            width: '24%',
            render: (_v, metric) => (
              <Input
                value={metric.metric_name}
                placeholder={t('Metric key')}
                onChange={(e) => patch(metric.key, { metric_name: e.target.value })}
                data-test="metric-name"
              />
            ),
          },
          {
            key: 'verbose_name',
            title: t('Label'),
            width: '24%',
            render: (_v, metric) => (
              <Input
                value={metric.verbose_name}
                placeholder={t('Label')}
                onChange={(e) => patch(metric.key, { verbose_name: e.target.value })}
                data-test="metric-verbose-name"
              />
            ),
          },
          {
            key: 'expression',
            title: t('SQL expression'),
            render: (_v, metric) => (
              <Input.TextArea
                value={metric.expression}
                autoSize={{ minRows: 1, maxRows: 6 }}
                style={{ fontFamily: 'monospace' }}
                placeholder="SUM(amount)"
                onChange={(e) => patch(metric.key, { expression: e.target.value })}
                data-test="metric-expression"
              />
            ),
          },
          {
            key: 'actions',
            width: 48,
            render: (_v, metric) => (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('Delete')}
                onClick={() => onChange(metrics.filter((m) => m.key !== metric.key))}
                data-test="metric-delete"
              />
            ),
          },
        ]}
      />
    </div>
  );
}
