// The assistant's conversation panel (SQL Lab and Explore): past conversations, the messages with their SQL,
// result grids and charts (drawn by the chart plugins, opened in Explore or saved), the reply streamed as it is
// made, stop and new conversation.
import { Alert, Button, Input, Select, Space, Table, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import AssistantChart from './AssistantChart';
import {
  type AssistantContext,
  type AssistantMessage,
  type ConversationSummary,
  createConversation,
  listConversations,
  type ReplyPart,
  readConversation,
  sendMessage,
} from './assistant-api';

export interface SqlActions {
  insert(sql: string): void;
  run(sql: string): void;
  openInNewTab(sql: string, databaseId: number, schema: string | null): void;
}

export interface AssistantPanelProps {
  context: AssistantContext;
  conversationId: number | null;
  onConversationChange(id: number | null): void;
  sqlActions?: SqlActions | undefined;
  onClose(): void;
}

const GRID_ROWS = 100;

function Grid({ columns, rows, test }: { columns: string[]; rows: unknown[][]; test: string }) {
  return (
    <Table
      size="small"
      data-test={test}
      pagination={false}
      scroll={{ x: true, y: 220 }}
      rowKey={(_, index) => String(index)}
      dataSource={rows.slice(0, GRID_ROWS).map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])))}
      columns={columns.map((column) => ({
        title: column,
        dataIndex: column,
        key: column,
        render: (value: unknown) => (value === null || value === undefined ? '' : String(value)),
      }))}
    />
  );
}

interface PartProps {
  part: ReplyPart;
  sqlActions?: SqlActions | undefined;
  /** The question the reply answers: the name a saved chart starts with. */
  question: string;
}

function Part({ part, sqlActions, question }: PartProps) {
  const { t } = useTranslation();
  switch (part.type) {
    case 'text':
      return <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{part.text}</Typography.Paragraph>;
    case 'match':
      return (
        <div data-test="assistant-match">
          <Typography.Text>
            {t('{{metric}} from {{dataset}}', { metric: part.metric, dataset: part.dataset.name })}
          </Typography.Text>
          {part.groupby.length > 0 && <div>{t('Grouped by {{columns}}', { columns: part.groupby.join(', ') })}</div>}
          {part.time_range && <div>{t('Time range: {{range}}', { range: part.time_range })}</div>}
          {part.unmatched.length > 0 && (
            <Typography.Text type="warning" data-test="assistant-unmatched">
              {t('Words I did not understand: {{words}}', { words: part.unmatched.join(', ') })}
            </Typography.Text>
          )}
        </div>
      );
    case 'sql':
      return (
        <div data-test="assistant-sql">
          <pre style={{ background: '#f7f7f7', padding: 8, whiteSpace: 'pre-wrap', margin: '4px 0', fontSize: 12 }}>
            {part.sql}
          </pre>
          {sqlActions && (
            <Space size={4} wrap>
              <Button size="small" onClick={() => sqlActions.insert(part.sql)} data-test="assistant-insert-sql">
                {t('Insert into editor')}
              </Button>
              <Button size="small" onClick={() => sqlActions.run(part.sql)} data-test="assistant-run-sql">
                {t('Run')}
              </Button>
              <Button
                size="small"
                onClick={() => sqlActions.openInNewTab(part.sql, part.database_id, part.schema)}
                data-test="assistant-new-tab"
              >
                {t('Open in a new tab')}
              </Button>
            </Space>
          )}
        </div>
      );
    case 'result':
      return (
        <div>
          <Typography.Text type="secondary">{t('Rows: {{rows}}', { rows: part.rows.length })}</Typography.Text>
          <Grid columns={part.columns} rows={part.rows} test="assistant-result" />
        </div>
      );
    case 'chart':
      return (
        <AssistantChart
          formData={part.form_data}
          suggestedName={question}
          grid={
            <Grid
              columns={part.columns}
              rows={part.data.map((row) => part.columns.map((column) => row[column]))}
              test="assistant-chart-data"
            />
          }
        />
      );
    case 'tool':
      return part.ok ? (
        <Typography.Text type="secondary">{t('Used {{tool}}', { tool: part.name })}</Typography.Text>
      ) : (
        <Alert
          type="warning"
          showIcon
          message={t('{{tool}} was refused: {{reason}}', { tool: part.name, reason: part.error ?? '' })}
        />
      );
    case 'notice':
      if (part.code === 'no_model') {
        return (
          <Alert
            type="info"
            data-test="assistant-no-model"
            message={
              part.admin
                ? t(
                    'No language model is connected, so answers come from the semantic layer. Connect one with the settings NEZHA_ASSISTANT_PROVIDER (openai or anthropic), NEZHA_ASSISTANT_URL, NEZHA_ASSISTANT_MODEL and NEZHA_ASSISTANT_API_KEY.',
                  )
                : t(
                    'No language model is connected, so answers come from the semantic layer. An admin can connect one.',
                  )
            }
          />
        );
      }
      if (part.code === 'no_match') {
        return (
          <Alert
            type="warning"
            message={t(
              'I could not match the question to a measure or column you can see. Name a metric and a column, for example "births by state since 2000".',
            )}
          />
        );
      }
      if (part.code === 'budget') return <Alert type="warning" message={t('The reply stopped at its token budget.')} />;
      return (
        <Typography.Text type="secondary" data-test="assistant-stopped">
          {t('Stopped.')}
        </Typography.Text>
      );
    case 'error':
      return <Alert type="error" showIcon message={part.message} data-test="assistant-error" />;
  }
}

/** The words of the last user message before position `index`. */
function questionBefore(messages: AssistantMessage[], index: number): string {
  for (let at = index - 1; at >= 0; at -= 1) {
    const message = messages[at];
    if (message?.role !== 'user') continue;
    const text = message.parts.find((part) => part.type === 'text');
    return text?.type === 'text' ? text.text : '';
  }
  return '';
}

export default function AssistantPanel(props: AssistantPanelProps) {
  const { context, conversationId, onConversationChange, sqlActions, onClose } = props;
  const { t } = useTranslation();
  const [conversations, setConversations] = useState<ConversationSummary[]>([]);
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [draft, setDraft] = useState('');
  const [streaming, setStreaming] = useState<{ text: string; parts: ReplyPart[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement | null>(null);
  // The conversation this panel just started: its messages are already on screen, not to be reloaded.
  const started = useRef<number | null>(null);

  const refreshList = useCallback(() => {
    listConversations(context)
      .then(setConversations)
      .catch((error: Error) => setFailure(error.message));
  }, [context]);

  useEffect(refreshList, [refreshList]);

  useEffect(() => {
    if (conversationId !== null && conversationId === started.current) return;
    setMessages([]);
    if (conversationId === null) return;
    readConversation(conversationId)
      .then((conversation) => setMessages(conversation.messages))
      .catch(() => onConversationChange(null));
  }, [conversationId, onConversationChange]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the conversation growing is what scrolls it to its end
  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [messages, streaming]);

  const send = async () => {
    const text = draft.trim();
    if (!text || streaming) return;
    setFailure(null);
    let id = conversationId;
    try {
      if (id === null) {
        id = await createConversation(context);
        started.current = id;
        onConversationChange(id);
      }
    } catch (error) {
      setFailure((error as Error).message);
      return;
    }
    setDraft('');
    setMessages((previous) => [...previous, { id: -Date.now(), role: 'user', parts: [{ type: 'text', text }] }]);
    const abort = new AbortController();
    controller.current = abort;
    // The reply as it streams, kept outside React's updaters so that finishing it has no side effect in one.
    const live: { text: string; parts: ReplyPart[] } = { text: '', parts: [] };
    setStreaming({ ...live });
    let finished: AssistantMessage | null = null;
    try {
      await sendMessage(id, text, abort.signal, {
        onText: (delta) => {
          live.text += delta;
          setStreaming({ ...live });
        },
        // A finished text part replaces the text streamed so far.
        onPart: (part) => {
          if (part.type === 'text') live.text = '';
          live.parts = [...live.parts, part];
          setStreaming({ ...live });
        },
        onDone: (message) => {
          finished = message;
        },
      });
    } catch (error) {
      if (!abort.signal.aborted) setFailure((error as Error).message);
    }
    const kept = finished as AssistantMessage | null;
    const parts: ReplyPart[] = kept?.parts ?? [
      ...live.parts,
      ...(live.text ? [{ type: 'text' as const, text: live.text }] : []),
      ...(abort.signal.aborted ? [{ type: 'notice' as const, code: 'stopped' as const }] : []),
    ];
    setStreaming(null);
    setMessages((previous) => [...previous, { id: kept?.id ?? -Date.now() - 1, role: 'assistant', parts }]);
    controller.current = null;
    refreshList();
  };

  const stop = () => controller.current?.abort();
  const lastQuestion = questionBefore(messages, messages.length);

  return (
    <aside
      style={{
        width: 400,
        flex: 'none',
        display: 'flex',
        flexDirection: 'column',
        borderLeft: '1px solid #e0e5e8',
        background: '#fff',
        minHeight: 0,
      }}
      data-test="assistant-panel"
    >
      <div style={{ display: 'flex', gap: 8, alignItems: 'center', padding: 8, borderBottom: '1px solid #e0e5e8' }}>
        <Typography.Text strong style={{ flex: 'none' }}>
          {t('Assistant')}
        </Typography.Text>
        <Select
          size="small"
          style={{ flex: 1, minWidth: 0 }}
          placeholder={t('Past conversations')}
          value={conversationId ?? undefined}
          onChange={(value: number) => onConversationChange(value)}
          options={conversations.map((c) => ({ value: c.id, label: c.title || t('Untitled conversation') }))}
          data-test="assistant-conversations"
        />
        <Button size="small" onClick={() => onConversationChange(null)} data-test="assistant-new">
          {t('New conversation')}
        </Button>
        <Button size="small" type="text" aria-label={t('Close the assistant')} onClick={onClose}>
          ×
        </Button>
      </div>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto', padding: 8 }} data-test="assistant-messages">
        {messages.length === 0 && !streaming && (
          <Typography.Text type="secondary">
            {t('Ask about your data in words: the assistant writes the SQL, runs it and draws charts.')}
          </Typography.Text>
        )}
        {messages.map((message, position) => (
          <div
            key={message.id}
            style={{
              margin: '8px 0',
              padding: 8,
              borderRadius: 6,
              background: message.role === 'user' ? '#e6f4fb' : '#fafafa',
              display: 'flex',
              flexDirection: 'column',
              gap: 6,
            }}
            data-test={message.role === 'user' ? 'assistant-user-message' : 'assistant-reply'}
          >
            {message.parts.map((part, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a message's parts only ever grow at the end
              <Part key={index} part={part} sqlActions={sqlActions} question={questionBefore(messages, position)} />
            ))}
          </div>
        ))}
        {streaming && (
          <div
            style={{ margin: '8px 0', padding: 8, background: '#fafafa', borderRadius: 6 }}
            data-test="assistant-streaming"
          >
            {streaming.parts.map((part, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a reply's parts only ever grow at the end
              <Part key={index} part={part} sqlActions={sqlActions} question={lastQuestion} />
            ))}
            {streaming.text && (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{streaming.text}</Typography.Paragraph>
            )}
            <Typography.Text type="secondary">{t('Answering…')}</Typography.Text>
          </div>
        )}
        {failure && <Alert type="error" showIcon message={failure} />}
        <div ref={bottom} />
      </div>
      <div style={{ padding: 8, borderTop: '1px solid #e0e5e8', display: 'flex', gap: 8 }}>
        <Input.TextArea
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            if (!event.shiftKey) {
              event.preventDefault();
              void send();
            }
          }}
          placeholder={t('Ask a question about your data')}
          autoSize={{ minRows: 1, maxRows: 4 }}
          data-test="assistant-input"
        />
        {streaming ? (
          <Button danger onClick={stop} data-test="assistant-stop">
            {t('Stop')}
          </Button>
        ) : (
          <Button type="primary" disabled={!draft.trim()} onClick={() => void send()} data-test="assistant-send">
            {t('Send')}
          </Button>
        )}
      </div>
    </aside>
  );
}
