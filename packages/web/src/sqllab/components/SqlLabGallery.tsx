// Dev-only gallery (/sqllab/gallery/ under the Vite dev server): every SQL Lab component with sample props.
// i18n-ignore-file: developer text, never shown to users.
import { Button, message, Space } from 'antd';
import { useCallback, useMemo, useState } from 'react';
import DatabaseSelect from './DatabaseSelect';
import GalleryCatalog from './GalleryCatalog';
import GallerySection from './GallerySection';
import {
  generateRows,
  SAMPLE_COLUMNS,
  SAMPLE_COMPLETION,
  SAMPLE_DATABASES,
  SAMPLE_HISTORY,
  SAMPLE_SCHEMAS,
  SAMPLE_SQL,
  SAMPLE_TABLE_NAMES,
  SAMPLE_TABLES,
  SAMPLE_TABS,
} from './gallery-samples';
import KeyboardShortcutsButton from './KeyboardShortcutsButton';
import LazySqlEditor from './LazySqlEditor';
import LeftBarToggle from './LeftBarToggle';
import QueryHistoryTable from './QueryHistoryTable';
import QueryLimitSelect from './QueryLimitSelect';
import QueryTimer from './QueryTimer';
import ResultSetToolbar from './ResultSetToolbar';
import ResultsGrid from './ResultsGrid';
import RunButton from './RunButton';
import SchemaSelect from './SchemaSelect';
import SouthPane from './SouthPane';
import SplitPane from './SplitPane';
import { RESULTS_TAB } from './south-pane';
import TabBar from './TabBar';
import TableSchemaPanel from './TableSchemaPanel';
import TableSelect from './TableSelect';
import TemplateParamsEditor from './TemplateParamsEditor';
import type { EditorTab, Notify, TableSchema } from './types';

const PAGE = 100;

export default function SqlLabGallery() {
  const [messageApi, contextHolder] = message.useMessage();
  const onNotify = useCallback<Notify>(
    (type, text) => void messageApi.open({ type: type === 'danger' ? 'error' : type, content: text }),
    [messageApi],
  );
  const [events, setEvents] = useState<string[]>([]);
  const log = useCallback((event: string) => setEvents((list) => [event, ...list].slice(0, 8)), []);

  const rowCount = Number(new URLSearchParams(window.location.search).get('rows') ?? 1_000_000);
  const data = useMemo(() => generateRows(rowCount), [rowCount]);
  const [tabs, setTabs] = useState<EditorTab[]>(SAMPLE_TABS);
  const [activeTab, setActiveTab] = useState<string | null>('tab-2');
  const [sql, setSql] = useState(SAMPLE_SQL);
  const [selection, setSelection] = useState('');
  const [runStarted, setRunStarted] = useState<number | null>(null);
  const running = runStarted !== null;
  const setRunning = (on: boolean) => setRunStarted(on ? Date.now() : null);
  const [limit, setLimit] = useState(1000);
  const [params, setParams] = useState('{"state": "CA"}');
  const [dbId, setDbId] = useState<number | null>(1);
  const [schema, setSchema] = useState<string | null>('main');
  const [catalog, setCatalog] = useState<string | null>('prod');
  const [tables, setTables] = useState<TableSchema[]>(SAMPLE_TABLES);
  const [tableSearch, setTableSearch] = useState('');
  const [tablePages, setTablePages] = useState(1);
  const [northPercent, setNorthPercent] = useState(40);
  const [southTab, setSouthTab] = useState(RESULTS_TAB);
  const [previews, setPreviews] = useState([{ id: 't-orders', tableName: 'main.orders' }]);
  const [historyPage, setHistoryPage] = useState(0);
  const [historySearch, setHistorySearch] = useState('');
  const leftBarHidden = tabs.find((tab) => tab.id === activeTab)?.hideLeftBar ?? false;

  const matchingTables = SAMPLE_TABLE_NAMES.filter((name) => name.includes(tableSearch));
  const tableOptions = matchingTables
    .slice(0, tablePages * PAGE)
    .map((value) => ({ value, type: value.startsWith('table_1') ? 'view' : 'table' }));
  const database = SAMPLE_DATABASES.find((db) => db.id === dbId);
  const updateTab = (id: string, patch: Partial<EditorTab>) =>
    setTabs((list) => list.map((tab) => (tab.id === id ? { ...tab, ...patch } : tab)));

  const results = (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%', minHeight: 0 }}>
      <ResultSetToolbar
        limits={{ rows: data.length, limitingFactor: 'DROPDOWN', queryLimit: limit, defaultQueryLimit: 1000 }}
        columns={SAMPLE_COLUMNS}
        data={data}
        fileName={tabs.find((tab) => tab.id === activeTab)?.name}
        onCreateDataset={() => log('create dataset')}
        onExplore={() => log('explore')}
        onNotify={onNotify}
      />
      <div style={{ flex: 1, minHeight: 0 }}>
        <ResultsGrid columns={SAMPLE_COLUMNS} data={data} onNotify={onNotify} />
      </div>
    </div>
  );

  return (
    <div style={{ padding: 16, background: '#f5f7f8', minHeight: '100vh' }} data-test="sqllab-gallery">
      {contextHolder}
      <h1 style={{ fontSize: 20, margin: '0 0 4px' }}>SQL Lab components</h1>
      <p style={{ margin: '0 0 16px', color: '#5b6770' }}>
        Dev-only gallery. Result rows: {data.length.toLocaleString()} (set ?rows=N). Last callbacks:{' '}
        <code data-test="gallery-events">{events.join(' | ') || '—'}</code>
      </p>

      <GallerySection title="Workspace: TabBar, left bar, SqlEditor, SplitPane, SouthPane, ResultsGrid" id="workspace">
        <TabBar
          tabs={tabs}
          activeId={activeTab}
          onSelect={setActiveTab}
          onAdd={() => {
            const id = `tab-${Date.now()}`;
            setTabs((list) => [...list, { id, name: `Untitled Query ${list.length + 1}` }]);
            setActiveTab(id);
          }}
          onClose={(id) => setTabs((list) => list.filter((tab) => tab.id !== id))}
          onCloseOthers={(id) => setTabs((list) => list.filter((tab) => tab.id === id))}
          onCloseAll={() => setTabs([])}
          onRename={(id, name) => updateTab(id, { name })}
          onDuplicate={(id) => {
            const source = tabs.find((tab) => tab.id === id);
            if (source) setTabs((list) => [...list, { id: `tab-${Date.now()}`, name: `Copy of ${source.name}` }]);
          }}
          onToggleLeftBar={(id, hidden) => updateTab(id, { hideLeftBar: hidden })}
        />
        <div style={{ display: 'flex', gap: 12, height: 820, paddingTop: 8 }}>
          {!leftBarHidden && (
            <aside
              style={{ width: 300, flex: 'none', display: 'flex', flexDirection: 'column', gap: 8, overflow: 'auto' }}
            >
              <DatabaseSelect databases={SAMPLE_DATABASES} value={dbId} onChange={setDbId} />
              <SchemaSelect
                schemas={SAMPLE_SCHEMAS}
                schema={schema}
                onSchemaChange={setSchema}
                catalogs={database?.allow_multi_catalog ? ['prod', 'dev'] : null}
                catalog={catalog}
                onCatalogChange={setCatalog}
                onRefresh={() => log('refresh schemas')}
              />
              <TableSelect
                options={tableOptions}
                selected={tables.map((table) => table.name)}
                onSelect={(name) =>
                  setTables((list) => [
                    ...list,
                    { id: `t-${name}`, name, schema, expanded: true, isMetadataLoading: true },
                  ])
                }
                onDeselect={(name) => setTables((list) => list.filter((table) => table.name !== name))}
                onSearch={(text) => {
                  setTableSearch(text);
                  setTablePages(1);
                }}
                onLoadMore={() => setTablePages((pages) => pages + 1)}
                hasMore={tableOptions.length < matchingTables.length}
              />
              {tables.map((table) => (
                <TableSchemaPanel
                  key={table.id}
                  table={table}
                  disableDataPreview={database?.disable_data_preview}
                  onToggle={(expanded) =>
                    setTables((list) => list.map((t) => (t.id === table.id ? { ...t, expanded } : t)))
                  }
                  onRemove={() => setTables((list) => list.filter((t) => t.id !== table.id))}
                  onPreview={() => {
                    setPreviews((list) =>
                      list.some((p) => p.id === table.id)
                        ? list
                        : [...list, { id: table.id, tableName: `${table.schema}.${table.name}` }],
                    );
                    setSouthTab(table.id);
                  }}
                  onRefresh={() => log(`refresh ${table.name}`)}
                  onNotify={onNotify}
                />
              ))}
            </aside>
          )}
          <main style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            <SplitPane
              northPercent={northPercent}
              onResize={(split) => {
                setNorthPercent(split.northPercent);
                log(`split ${split.northPercent}/${split.southPercent}`);
              }}
              north={
                <div style={{ display: 'flex', flexDirection: 'column', gap: 8, height: '100%' }}>
                  <div style={{ flex: 1, minHeight: 0 }}>
                    <LazySqlEditor
                      value={sql}
                      onChange={setSql}
                      onSelectionChange={(next) => setSelection(next.selectedText)}
                      dialect={database?.editor_dialect}
                      completion={SAMPLE_COMPLETION}
                      onRequestColumns={async (table) => {
                        log(`columns of ${table}`);
                        return [
                          { name: 'id', type: 'BIGINT' },
                          { name: 'name', type: 'VARCHAR' },
                        ];
                      }}
                      onRun={(text) => {
                        log(`run ${text.length} chars`);
                        setRunning(true);
                      }}
                      onStop={() => setRunning(false)}
                      onFormat={() => log('format')}
                      onNewTab={() => log('new tab')}
                    />
                  </div>
                  <Space wrap>
                    <LeftBarToggle
                      hidden={leftBarHidden}
                      onToggle={(hidden) => activeTab && updateTab(activeTab, { hideLeftBar: hidden })}
                    />
                    <RunButton
                      running={running}
                      hasSelection={selection !== ''}
                      onRun={() => setRunning(true)}
                      onStop={() => setRunning(false)}
                    />
                    {runStarted !== null && <QueryTimer state="running" startDttm={runStarted} />}
                    <QueryLimitSelect value={limit} maxRow={100_000} onChange={setLimit} />
                    <TemplateParamsEditor value={params} onChange={setParams} />
                    <Button size="small" onClick={() => log('estimate')}>
                      Estimate cost
                    </Button>
                    <KeyboardShortcutsButton os="linux" />
                  </Space>
                </div>
              }
              south={
                <SouthPane
                  activeKey={southTab}
                  onChange={setSouthTab}
                  results={results}
                  history={
                    <QueryHistoryTable
                      queries={SAMPLE_HISTORY}
                      total={57}
                      page={historyPage}
                      pageSize={10}
                      search={historySearch}
                      onSearchChange={setHistorySearch}
                      onPageChange={(page) => setHistoryPage(page)}
                      onRerun={(query) => log(`rerun ${query.id}`)}
                      onOpenInNewTab={(query) => log(`open ${query.id}`)}
                      onViewResults={(query) => log(`results ${query.id}`)}
                    />
                  }
                  previews={previews.map((preview) => ({
                    ...preview,
                    content: (
                      <ResultsGrid columns={SAMPLE_COLUMNS.slice(0, 6)} data={data.slice(0, 100)} searchable={false} />
                    ),
                  }))}
                  onClosePreview={(id) => {
                    setPreviews((list) => list.filter((preview) => preview.id !== id));
                    setSouthTab(RESULTS_TAB);
                  }}
                />
              }
            />
          </main>
        </div>
      </GallerySection>

      <GalleryCatalog onNotify={onNotify} log={log} />
    </div>
  );
}
