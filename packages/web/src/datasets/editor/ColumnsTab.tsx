// "Columns" and "Calculated columns" tabs: per column flags, labels, formats and certification; calculated ones
// also carry a SQL expression. The source tab syncs columns from the source.
import { DeleteOutlined, PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { Button, Checkbox, Form, Input, Radio, Table, type TableProps, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import CertificationFields from './CertificationFields';
import { type DraftColumn, emptyCalculatedColumn } from './editor-draft';

// A SQL example, the same in every language.
const EXPRESSION_EXAMPLE = "CASE WHEN amount > 100 THEN 'large' ELSE 'small' END";

interface ColumnsTabProps {
  /** Every column of the draft; this tab shows the source ones or the calculated ones. */
  columns: DraftColumn[];
  calculated: boolean;
  mainDttmCol: string | null;
  onChange: (columns: DraftColumn[]) => void;
  onMainDttmCol: (name: string | null) => void;
  /** Source tab only: "Sync columns from source"; undefined when it cannot run now (the reason in syncHint). */
  onSync?: (() => void) | undefined;
  syncHint?: string | undefined;
  syncing?: boolean;
}

export default function ColumnsTab(props: ColumnsTabProps) {
  const { columns, calculated, mainDttmCol, onChange, onMainDttmCol } = props;
  const { t } = useTranslation();
  const shown = columns.filter((column) => column.calculated === calculated);
  const patch = (key: string, values: Partial<DraftColumn>) =>
    onChange(columns.map((column) => (column.key === key ? { ...column, ...values } : column)));
  const prefix = calculated ? 'calculated' : 'column';

  const details = (column: DraftColumn) => (
    <Form layout="vertical" style={{ maxWidth: 640 }} data-test={`${prefix}-details`}>
      {calculated && (
        <Form.Item label={t('Label')}>
          <Input
            value={column.verbose_name}
            onChange={(e) => patch(column.key, { verbose_name: e.target.value })}
            data-test={`${prefix}-verbose-name`}
          />
        </Form.Item>
      )}
      <Form.Item label={t('Description')}>
        <Input.TextArea
          value={column.description}
          autoSize={{ minRows: 2, maxRows: 5 }}
          onChange={(e) => patch(column.key, { description: e.target.value })}
        />
      </Form.Item>
      <Form.Item
        label={t('Datetime format')}
        tooltip={t('The pattern of timestamp format. For strings use python datetime string pattern, e.g. %Y-%m-%d')}
      >
        <Input
          value={column.python_date_format}
          placeholder="%Y-%m-%d"
          onChange={(e) => patch(column.key, { python_date_format: e.target.value })}
        />
      </Form.Item>
      <Form.Item label={t('Advanced data type')}>
        <Input
          value={column.advanced_data_type}
          onChange={(e) => patch(column.key, { advanced_data_type: e.target.value })}
        />
      </Form.Item>
      <CertificationFields
        certifiedBy={column.certified_by}
        details={column.certification_details}
        onChange={(values) => patch(column.key, values)}
      />
    </Form>
  );

  const nameColumn: NonNullable<TableProps<DraftColumn>['columns']>[number] = calculated
    ? {
        key: 'column_name',
        title: t('Column'),
        width: '18%',
        render: (_v, column) => (
          <Input
            value={column.column_name}
            placeholder={t('Column name')}
            onChange={(e) => patch(column.key, { column_name: e.target.value })}
            data-test="calculated-name"
          />
        ),
      }
    : { key: 'column_name', title: t('Column'), dataIndex: 'column_name', width: '18%' };

  const middle: NonNullable<TableProps<DraftColumn>['columns']> = calculated
    ? [
        {
          key: 'expression',
          title: t('SQL expression'),
          render: (_v, column) => (
            <Input.TextArea
              value={column.expression}
              autoSize={{ minRows: 1, maxRows: 6 }}
              style={{ fontFamily: 'monospace' }}
              placeholder={EXPRESSION_EXAMPLE}
              onChange={(e) => patch(column.key, { expression: e.target.value })}
              data-test="calculated-expression"
            />
          ),
        },
        {
          key: 'type',
          title: t('Data type'),
          width: 110,
          render: (_v, column) => (
            <Input
              value={column.type}
              placeholder="VARCHAR"
              onChange={(e) => patch(column.key, { type: e.target.value })}
              data-test="calculated-type"
            />
          ),
        },
      ]
    : [
        {
          key: 'verbose_name',
          title: t('Label'),
          width: '22%',
          render: (_v, column) => (
            <Input
              value={column.verbose_name}
              placeholder={column.column_name}
              onChange={(e) => patch(column.key, { verbose_name: e.target.value })}
              data-test="column-verbose-name"
            />
          ),
        },
        { key: 'type', title: t('Data type'), dataIndex: 'type', ellipsis: true },
      ];

  const flag = (
    name: 'is_dttm' | 'filterable' | 'groupby',
    title: string,
  ): NonNullable<TableProps<DraftColumn>['columns']>[number] => ({
    key: name,
    title,
    width: 90,
    align: 'center',
    render: (_v, column) => (
      <Checkbox
        checked={column[name]}
        onChange={(e) => {
          patch(column.key, { [name]: e.target.checked });
          if (name === 'is_dttm' && !e.target.checked && mainDttmCol === column.column_name) onMainDttmCol(null);
        }}
        data-test={`${prefix}-${name}`}
      />
    ),
  });

  return (
    <div data-test={`dataset-editor-${calculated ? 'calculated' : 'columns'}`}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8, gap: 8 }}>
        {calculated ? (
          <Button
            icon={<PlusOutlined />}
            onClick={() => onChange([...columns, emptyCalculatedColumn()])}
            data-test="add-calculated-column"
          >
            {t('Add item')}
          </Button>
        ) : (
          <Tooltip title={props.syncHint}>
            <Button
              icon={<SyncOutlined />}
              onClick={props.onSync}
              disabled={!props.onSync}
              loading={props.syncing ?? false}
              data-test="sync-columns"
            >
              {t('Sync columns from source')}
            </Button>
          </Tooltip>
        )}
      </div>
      <Table<DraftColumn>
        rowKey="key"
        size="small"
        dataSource={shown}
        pagination={shown.length > 25 ? { pageSize: 25, showSizeChanger: false } : false}
        expandable={{ expandedRowRender: details }}
        data-test={`${prefix}-table`}
        locale={{ emptyText: calculated ? t('No calculated columns yet') : t('No columns') }}
        columns={[
          nameColumn,
          ...middle,
          flag('is_dttm', t('Is temporal')),
          {
            key: 'main_dttm_col',
            title: t('Default datetime'),
            width: 90,
            align: 'center',
            render: (_v, column) => (
              <Radio
                checked={mainDttmCol !== null && mainDttmCol === column.column_name}
                disabled={!column.is_dttm}
                onChange={() => onMainDttmCol(column.column_name)}
                data-test={`${prefix}-main-dttm`}
              />
            ),
          },
          flag('filterable', t('Is filterable')),
          flag('groupby', t('Is dimension')),
          ...(calculated
            ? [
                {
                  key: 'actions',
                  width: 48,
                  render: (_v: unknown, column: DraftColumn) => (
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('Delete')}
                      onClick={() => onChange(columns.filter((c) => c.key !== column.key))}
                      data-test="calculated-delete"
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
