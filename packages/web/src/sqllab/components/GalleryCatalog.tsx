// The dev-only gallery's catalogue of single components: badges, timers, progress, error panels, dialogs.
// i18n-ignore-file: developer text, never shown to users.
import { QUERY_STATES } from '@nezha/core';
import { Button, Space } from 'antd';
import { useState } from 'react';
import ErrorMessage from './ErrorMessage';
import EstimateCostModal from './EstimateCostModal';
import GallerySection from './GallerySection';
import { SAMPLE_ERRORS } from './gallery-samples';
import KeyboardShortcutsButton from './KeyboardShortcutsButton';
import QueryProgress from './QueryProgress';
import QueryStateBadge from './QueryStateBadge';
import QueryTimer from './QueryTimer';
import SaveQueryModal from './SaveQueryModal';
import ScheduleQueryModal from './ScheduleQueryModal';
import ShareLinkButton from './ShareLinkButton';
import type { Notify } from './types';

type Dialog = 'save' | 'saveExisting' | 'schedule' | 'cost' | 'costError' | 'costLoading' | null;

export default function GalleryCatalog({ onNotify, log }: { onNotify: Notify; log: (event: string) => void }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const [started] = useState(() => Date.now() - 83_450);
  const close = () => setDialog(null);

  return (
    <>
      <GallerySection title="QueryStateBadge, QueryTimer, QueryProgress" id="states">
        <Space wrap style={{ display: 'flex', marginBottom: 12 }}>
          <QueryStateBadge state="offline" />
          {QUERY_STATES.map((state) => (
            <QueryStateBadge key={state} state={state} />
          ))}
        </Space>
        <Space wrap align="center" style={{ display: 'flex', marginBottom: 12 }}>
          <QueryTimer state="running" startDttm={started} />
          <QueryTimer state="success" startDttm={started} endDttm={started + 3_723_450} />
          <QueryTimer state="failed" startDttm={started} endDttm={started + 1250} />
          <QueryTimer state="pending" startDttm={started} />
        </Space>
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 240px))', gap: 24 }}>
          <QueryProgress progress={null} />
          <QueryProgress progress={42} message="Scanning 4 of 10 files" />
          <QueryProgress progress={100} />
        </div>
      </GallerySection>

      <GallerySection title="ErrorMessage and the registered panels (in place; the last one with inModal)" id="errors">
        <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(420px, 1fr))', gap: 12 }}>
          {SAMPLE_ERRORS.map(({ label, error }) => (
            <div key={label} data-test={`gallery-error-${error.error_type}`}>
              <div style={{ fontSize: 11, color: '#8c9aa5', marginBottom: 4 }}>{label}</div>
              <ErrorMessage error={error} link="/sqllab/?request=1" onNotify={onNotify} />
            </div>
          ))}
          <div>
            <div style={{ fontSize: 11, color: '#8c9aa5', marginBottom: 4 }}>Untyped message, inModal</div>
            <ErrorMessage
              message={'The results backend is unreachable.\nConnection refused (ECONNREFUSED 127.0.0.1:6379)'}
              stackTrace={'Error: connect ECONNREFUSED\n    at TCPConnectWrap.afterConnect'}
              inModal
              onNotify={onNotify}
            />
          </div>
        </div>
      </GallerySection>

      <GallerySection title="Dialogs and buttons" id="dialogs">
        <Space wrap>
          <Button onClick={() => setDialog('save')}>SaveQueryModal (new)</Button>
          <Button onClick={() => setDialog('saveExisting')}>SaveQueryModal (saved before)</Button>
          <Button onClick={() => setDialog('schedule')}>ScheduleQueryModal</Button>
          <Button onClick={() => setDialog('cost')}>EstimateCostModal</Button>
          <Button onClick={() => setDialog('costError')}>EstimateCostModal (error)</Button>
          <Button onClick={() => setDialog('costLoading')}>EstimateCostModal (loading)</Button>
          <ShareLinkButton
            onShare={() =>
              new Promise((resolve) => setTimeout(() => resolve(`${window.location.origin}/sqllab/?id=42`), 300))
            }
            onNotify={onNotify}
          />
          <ShareLinkButton
            onShare={() => Promise.resolve('')}
            disabled
            disabledReason="Save the query to enable this feature"
          />
          <KeyboardShortcutsButton os="mac" />
        </Space>
      </GallerySection>

      <SaveQueryModal
        open={dialog === 'save' || dialog === 'saveExisting'}
        defaultLabel="Revenue by city"
        defaultDescription={dialog === 'saveExisting' ? 'Orders and revenue per city, last 30 days' : ''}
        remoteId={dialog === 'saveExisting' ? 7 : null}
        onSave={(fields) => {
          log(`save as new ${JSON.stringify(fields)}`);
          close();
        }}
        onUpdate={(fields) => {
          log(`update ${JSON.stringify(fields)}`);
          close();
        }}
        onCancel={close}
      />
      <ScheduleQueryModal
        open={dialog === 'schedule'}
        defaultLabel="Revenue by city"
        scheduleInfo={{
          schedule_interval: '0 6 * * 1-5',
          start_date: '2024-06-01T06:00',
          output_table: 'daily_revenue',
        }}
        onSchedule={(request) => {
          log(`schedule ${JSON.stringify(request)}`);
          close();
        }}
        onCancel={close}
      />
      <EstimateCostModal
        open={dialog === 'cost' || dialog === 'costError' || dialog === 'costLoading'}
        loading={dialog === 'costLoading'}
        cost={dialog === 'cost' ? [{ 'Total cost': 1234.5, 'Startup cost': 0.42, Rows: 1_000_000, Width: 64 }] : null}
        error={dialog === 'costError' ? 'EXPLAIN is not supported for this statement.' : null}
        onClose={close}
        onRetry={() => log('retry estimate')}
      />
    </>
  );
}
