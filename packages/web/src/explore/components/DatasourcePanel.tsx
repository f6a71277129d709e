// The left panel: the dataset's name, its metrics and columns with search and types, dragged into the controls.
import { DatabaseOutlined, HolderOutlined, MoreOutlined, SwapOutlined, TableOutlined } from '@ant-design/icons';
import { Button, Collapse, Dropdown, Empty, Input, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { chartsActions } from '../../chart-data/charts-slice';
import { addWarningToast } from '../../components/toasts/state/message-toasts';
import { useCan } from '../../session/use-session';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { fetchDatasourceMetadata } from '../api/explore-api';
import {
  type ColumnOption,
  columnLabelOf,
  columnOptions,
  genericTypeOf,
  savedMetricOptions,
} from '../controls/options';
import { exploreActions } from '../state/explore-slice';
import ColumnTypeIcon from './ColumnTypeIcon';
import { type DragItem, useDatasourceDraggable } from './dnd';
import SemanticAddButtons from './SemanticAddButtons';
import SemanticLayerList, { useSemanticEntries } from './SemanticLayerList';

const ChangeDatasourceModal = lazy(() => import('./ChangeDatasourceModal'));
const DatasetEditorModal = lazy(() => import('../../datasets/editor/DatasetEditorModal'));

interface ItemProps {
  id: string;
  item: DragItem;
  label: string;
  icon: React.ReactNode;
  tooltip?: string | null;
}

function DraggableItem({ id, item, label, icon, tooltip }: ItemProps) {
  const { attributes, listeners, setNodeRef, isDragging } = useDatasourceDraggable(id, item);
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-test="datasource-item"
      data-name={item.kind === 'column' ? item.column.column_name : item.metricName}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '3px 4px',
        borderRadius: 4,
        cursor: 'grab',
        opacity: isDragging ? 0.4 : 1,
        userSelect: 'none',
      }}
      className="nezha-datasource-item"
    >
      {icon}
      <Tooltip title={tooltip || undefined} placement="right">
        <span
          style={{ flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          data-test="datasource-item-label"
        >
          {label}
        </span>
      </Tooltip>
      <HolderOutlined style={{ color: '#bbb' }} />
    </div>
  );
}

const matches = (search: string, ...texts: Array<string | null | undefined>) =>
  !search || texts.some((text) => text?.toLowerCase().includes(search.toLowerCase()));

export default function DatasourcePanel() {
  const { t } = useTranslation();
  const datasource = useAppSelector((state) => state.explore.datasource);
  const savedColumns = useAppSelector((state) => state.explore.savedColumns);
  const savedMeasures = useAppSelector((state) => state.explore.savedMeasures);
  const [search, setSearch] = useState('');
  const [changing, setChanging] = useState(false);
  const [editing, setEditing] = useState(false);
  const dispatch = useAppDispatch();
  const canWrite = useCan('can_write', 'Dataset');

  // The saved dataset replaces explore's copy, so new labels and metrics show without a reload.
  const reloadDatasource = async (id: number) => {
    setEditing(false);
    try {
      dispatch(exploreActions.datasourceSaved(await fetchDatasourceMetadata(`${id}__table`)));
      dispatch(chartsActions.datasourcesSet());
    } catch (failure) {
      dispatch(addWarningToast(isApiError(failure) ? failure.message : String(failure)));
    }
  };
  const columns = useMemo(() => columnOptions(datasource, savedColumns), [datasource, savedColumns]);
  const metrics = useMemo(() => savedMetricOptions(datasource, savedMeasures), [datasource, savedMeasures]);
  const shownColumns = columns.filter((column: ColumnOption) =>
    matches(search, column.column_name, column.verbose_name),
  );
  const shownMetrics = metrics.filter((metric) => matches(search, metric.value, metric.label));
  const semanticEntries = useSemanticEntries(search);

  return (
    <aside
      data-test="datasource-panel"
      style={{
        width: 250,
        flex: 'none',
        background: '#fff',
        borderRight: '1px solid #e8ecef',
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
      }}
    >
      <div style={{ padding: '12px 12px 8px', borderBottom: '1px solid #f0f0f0' }}>
        <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
          <TableOutlined />
          <Typography.Text strong ellipsis style={{ flex: 1 }} data-test="datasource-name">
            {datasource?.name ?? t('No dataset')}
          </Typography.Text>
          <Tooltip title={t('Change dataset')}>
            <Button
              size="small"
              type="text"
              icon={<SwapOutlined />}
              aria-label={t('Change dataset')}
              onClick={() => setChanging(true)}
              data-test="change-datasource"
            />
          </Tooltip>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                ...(canWrite && datasource
                  ? [{ key: 'edit', label: <span data-test="edit-dataset">{t('Edit dataset')}</span> }]
                  : []),
                { key: 'swap', label: t('Swap dataset') },
              ],
              onClick: ({ key }) => (key === 'edit' ? setEditing(true) : setChanging(true)),
            }}
          >
            <Button
              size="small"
              type="text"
              icon={<MoreOutlined />}
              aria-label={t('Dataset actions')}
              data-test="datasource-menu"
            />
          </Dropdown>
        </div>
        {datasource?.database.database_name && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <DatabaseOutlined /> {datasource.database.database_name}
            {datasource.schema ? ` / ${datasource.schema}` : ''}
          </Typography.Text>
        )}
        <Input.Search
          allowClear
          size="small"
          placeholder={t('Search metrics & columns')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          style={{ marginTop: 8 }}
          data-test="datasource-search"
        />
        <SemanticAddButtons />
      </div>
      <div style={{ flex: 1, overflow: 'auto', padding: '4px 4px 12px' }}>
        <Collapse
          ghost
          size="small"
          defaultActiveKey={['metrics', 'columns']}
          items={[
            {
              key: 'metrics',
              label: t('Metrics ({{shown}} of {{total}})', { shown: shownMetrics.length, total: metrics.length }),
              children:
                shownMetrics.length === 0 ? (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('No metrics')} />
                ) : (
                  shownMetrics.map((metric) => (
                    <DraggableItem
                      key={`metric-${metric.value}`}
                      id={`metric-${metric.value}`}
                      item={{ kind: 'metric', metricName: metric.value }}
                      label={metric.label}
                      icon={
                        <ColumnTypeIcon
                          type="metric"
                          title={metric.kind === 'measure' ? t('Saved measure') : t('Metric')}
                        />
                      }
                      tooltip={metric.expression}
                    />
                  ))
                ),
            },
            {
              key: 'columns',
              label: t('Columns ({{shown}} of {{total}})', { shown: shownColumns.length, total: columns.length }),
              children: shownColumns.map((column) => (
                <DraggableItem
                  key={`column-${column.column_name}`}
                  id={`column-${column.column_name}`}
                  item={{ kind: 'column', column }}
                  label={columnLabelOf(column)}
                  icon={<ColumnTypeIcon type={genericTypeOf(column)} title={column.type} />}
                  tooltip={column.saved ? `${t('Saved column')}: ${column.expression ?? ''}` : column.description}
                />
              )),
            },
            {
              key: 'semantic',
              label: t('Semantic layer ({{count}})', { count: semanticEntries.length }),
              children: <SemanticLayerList entries={semanticEntries} />,
            },
          ]}
        />
      </div>
      {editing && datasource && (
        <Suspense fallback={null}>
          <DatasetEditorModal
            datasetId={datasource.id}
            onClose={() => setEditing(false)}
            onSaved={(id) => void reloadDatasource(id)}
          />
        </Suspense>
      )}
      {changing && (
        <Suspense fallback={null}>
          <ChangeDatasourceModal onClose={() => setChanging(false)} />
        </Suspense>
      )}
    </aside>
  );
}
