// The column popover's content: Saved (saved and calculated columns), Simple (the dataset's physical columns)
// and Custom SQL (an expression with its label), Close and Save.
import { type AdhocColumn, isAdhocColumn, type QueryFormColumn } from '@nezha/core';
import { Button, Input, Select, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../store/hooks';
import ColumnTypeIcon from '../components/ColumnTypeIcon';
import { useReportDirty } from './editor-dirty';
import { draftChanged } from './editor-popover-rules';
import { type ColumnOption, columnLabelOf, columnOptions, genericTypeOf } from './options';

type ColumnTab = 'SAVED' | 'SIMPLE' | 'SQL';

interface ColumnEditorProps {
  column: QueryFormColumn | null;
  /** Physical columns offered first (the x-axis prefers time columns). */
  preferTemporal?: boolean;
  onSave: (column: QueryFormColumn) => void;
  onClose: () => void;
}

function columnSelect(
  options: ColumnOption[],
  value: string | null,
  onChange: (name: string) => void,
  placeholder: string,
  testId: string,
) {
  return (
    <Select
      showSearch={{ optionFilterProp: 'title' }}
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={value ?? undefined}
      onChange={onChange}
      data-test={testId}
      options={options.map((option) => ({
        value: option.column_name,
        title: columnLabelOf(option),
        label: (
          <span style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
            <ColumnTypeIcon type={genericTypeOf(option)} />
            {columnLabelOf(option)}
          </span>
        ),
      }))}
    />
  );
}

export default function ColumnEditor({ column, preferTemporal, onSave, onClose }: ColumnEditorProps) {
  const { t } = useTranslation();
  const datasource = useAppSelector((state) => state.explore.datasource);
  const savedColumns = useAppSelector((state) => state.explore.savedColumns);
  const all = useMemo(() => columnOptions(datasource, savedColumns), [datasource, savedColumns]);
  const physical = all.filter((option) => !option.saved);
  const saved = all.filter((option) => option.saved);
  const sortedPhysical = preferTemporal
    ? [...physical].sort((a, b) => Number(genericTypeOf(b) === 'temporal') - Number(genericTypeOf(a) === 'temporal'))
    : physical;

  const initialName = typeof column === 'string' ? column : null;
  const [tab, setTab] = useState<ColumnTab>(
    isAdhocColumn(column)
      ? 'SQL'
      : initialName && saved.some((option) => option.column_name === initialName)
        ? 'SAVED'
        : 'SIMPLE',
  );
  const [name, setName] = useState<string | null>(initialName);
  const [sql, setSql] = useState(isAdhocColumn(column) ? column.sqlExpression : '');
  const [label, setLabel] = useState(isAdhocColumn(column) ? (column.label ?? '') : '');

  const result: QueryFormColumn | null =
    tab === 'SQL'
      ? sql.trim()
        ? ({
            sqlExpression: sql.trim(),
            label: label.trim() || sql.trim(),
            expressionType: 'SQL',
          } satisfies AdhocColumn)
        : null
      : name;
  // Edits are the picked column, the expression and its label; the tab only shows them.
  const initialSql = isAdhocColumn(column) ? column.sqlExpression : '';
  const initialLabel = isAdhocColumn(column) ? (column.label ?? '') : '';
  useReportDirty(draftChanged({ name: initialName, sql: initialSql, label: initialLabel }, { name, sql, label }));

  return (
    <div style={{ width: 320 }} data-test="column-editor">
      <Tabs
        size="small"
        activeKey={tab}
        onChange={(key) => setTab(key as ColumnTab)}
        items={[
          {
            key: 'SAVED',
            label: t('Saved'),
            children: columnSelect(
              saved,
              saved.some((option) => option.column_name === name) ? name : null,
              setName,
              saved.length ? t('Select a saved column') : t('No saved columns'),
              'saved-column-select',
            ),
          },
          {
            key: 'SIMPLE',
            label: t('Simple'),
            children: columnSelect(
              sortedPhysical,
              physical.some((option) => option.column_name === name) ? name : null,
              setName,
              t('Select column'),
              'column-select',
            ),
          },
          {
            key: 'SQL',
            label: t('Custom SQL'),
            children: (
              <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
                <Input.TextArea
                  autoSize={{ minRows: 3, maxRows: 8 }}
                  placeholder={t('SQL expression')}
                  value={sql}
                  onChange={(event) => setSql(event.target.value)}
                  style={{ fontFamily: 'monospace' }}
                  data-test="column-sql-input"
                />
                <div>
                  <Typography.Text type="secondary">{t('Label')}</Typography.Text>
                  <Input
                    value={label}
                    onChange={(event) => setLabel(event.target.value)}
                    data-test="column-label-input"
                  />
                </div>
              </div>
            ),
          },
        ]}
      />
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 12 }}>
        <Button size="small" onClick={onClose}>
          {t('Close')}
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!result}
          onClick={() => result && onSave(result)}
          data-test="column-save"
        >
          {t('Save')}
        </Button>
      </div>
    </div>
  );
}
