// The async query job (spec §4 "Async query job", Superset's middleware/asyncEvent.ts): a 202 from chart data waits
// for its job's event, heard on the websocket (transport 'ws') or found by polling GET /api/v1/async_event/, then
// fetches the result (done) or rejects with the parsed error (error). A websocket that closes is opened again up to 6
// times, 2.5 s apart; after that the page polls for the rest of its life.
import {
  ASYNC_LISTENER_RETRIES,
  ASYNC_LISTENER_RETRY_DELAY_MS,
  ASYNC_POLLING_DELAY_MS,
  ASYNC_TRANSPORTS,
  ASYNC_WS_RECONNECT_DELAY_MS,
  ASYNC_WS_RECONNECT_LIMIT,
  type AsyncEvent,
  type AsyncJob,
  type AsyncTransport,
  compareAsyncEventIds,
  isAsyncEventId,
  normalizeError,
} from '@nezha/core';
import { ApiError } from './api-error';
import { type ConnectAsyncSocket, connectBrowserSocket } from './async-event-socket';
import { api } from './client';

/** Superset's local storage key for the last event id seen. */
export const LAST_EVENT_ID_KEY = 'last_async_event_id';

export interface AsyncEventDeps {
  /** GET /api/v1/async_event/ with last_id when there is one. */
  fetchEvents(lastId: string | null): Promise<AsyncEvent[]>;
  /** GET {result_url}: the JSON body. */
  fetchResult(resultUrl: string): Promise<unknown>;
  storage?: Pick<Storage, 'getItem' | 'setItem'> | undefined;
  pollingDelayMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  /** 'ws' needs `connectSocket`; polling when absent. */
  transport?: AsyncTransport;
  connectSocket?: ConnectAsyncSocket;
}

export interface AsyncEventClient {
  /** Resolves to the result list of the job's answer; rejects with ApiError, or AbortError when `signal` fires. */
  waitForAsyncData(job: AsyncJob, signal?: AbortSignal): Promise<unknown[]>;
  /** Hands received events to their jobs' listeners (exposed for tests). */
  processEvents(events: AsyncEvent[]): void;
  readonly lastEventId: string | null;
  /** The transport in use: 'ws' until the websocket has failed too often, then 'polling'. */
  readonly transport: AsyncTransport;
}

export function isAsyncJob(body: unknown): body is AsyncJob {
  if (typeof body !== 'object' || body === null) return false;
  const job = body as Record<string, unknown>;
  return typeof job.job_id === 'string' && typeof job.channel_id === 'string';
}

/** The job's failure as every other failed call reports it. */
export function asyncEventError(event: Pick<AsyncEvent, 'errors'>): ApiError {
  const errors = Array.isArray(event.errors) ? event.errors : [];
  return new ApiError(normalizeError({ body: { errors, message: errors[0]?.message } }));
}

function readLastId(storage: AsyncEventDeps['storage']): string | null {
  try {
    const stored = storage?.getItem(LAST_EVENT_ID_KEY);
    // Malformed local storage is silently ignored (spec §8).
    return isAsyncEventId(stored) ? stored : null;
  } catch {
    return null;
  }
}

/** A websocket message as an event; anything else is dropped (the id and job are what routing needs). */
function parseSocketEvent(data: string): AsyncEvent | null {
  try {
    const event: unknown = JSON.parse(data);
    if (!isAsyncJob(event) || !isAsyncEventId((event as { id?: unknown }).id)) return null;
    return event as AsyncEvent;
  } catch {
    return null;
  }
}

/** The list a result body holds (`{result: […]}`, as POST /api/v1/chart/data answers), else the body itself. */
function resultList(body: unknown): unknown[] {
  const list = typeof body === 'object' && body !== null && 'result' in body ? body.result : body;
  return Array.isArray(list) ? list : [list];
}

export function createAsyncEventClient(deps: AsyncEventDeps): AsyncEventClient {
  const delay = deps.pollingDelayMs ?? ASYNC_POLLING_DELAY_MS;
  const setTimer = deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const listeners = new Map<string, (event: AsyncEvent) => void>();
  const retries = new Map<string, number>();
  let lastId = readLastId(deps.storage);
  let polling = false;
  const connectSocket = deps.transport === 'ws' ? deps.connectSocket : undefined;
  let transport: AsyncTransport = connectSocket ? 'ws' : 'polling';
  let socketStarted = false;
  let failedReconnects = 0;

  function remember(id: string): void {
    // A retried older event must not take the position back.
    if (!isAsyncEventId(id) || (lastId !== null && compareAsyncEventIds(id, lastId) <= 0)) return;
    lastId = id;
    try {
      deps.storage?.setItem(LAST_EVENT_ID_KEY, id);
    } catch {
      // storage full or refused: the id is still kept in memory
    }
  }

  function processEvents(events: AsyncEvent[]): void {
    for (const event of events) {
      const listener = listeners.get(event.job_id);
      if (listener) {
        retries.delete(event.job_id);
        listener(event);
      } else {
        // The event can arrive before its 202 has been read and its listener added.
        const attempt = (retries.get(event.job_id) ?? 0) + 1;
        if (attempt <= ASYNC_LISTENER_RETRIES) {
          retries.set(event.job_id, attempt);
          setTimer(() => processEvents([event]), ASYNC_LISTENER_RETRY_DELAY_MS * attempt);
        } else {
          retries.delete(event.job_id);
        }
      }
      remember(event.id);
    }
  }

  async function poll(): Promise<void> {
    if (listeners.size > 0) {
      try {
        processEvents(await deps.fetchEvents(lastId));
      } catch {
        // A failed poll is tried again at the next tick.
      }
    }
    if (listeners.size > 0) setTimer(() => void poll(), delay);
    else polling = false;
  }

  function startPolling(): void {
    if (polling) return;
    polling = true;
    setTimer(() => void poll(), delay);
  }

  /** Opens the websocket from the last id seen, so events appended while it was closed are replayed. */
  function openSocket(connect: ConnectAsyncSocket): void {
    connect(lastId, {
      onOpen() {
        failedReconnects = 0;
      },
      onMessage(data) {
        const event = parseSocketEvent(data);
        if (event) processEvents([event]);
      },
      onClose() {
        setTimer(() => {
          failedReconnects += 1;
          if (failedReconnects <= ASYNC_WS_RECONNECT_LIMIT) {
            openSocket(connect);
            return;
          }
          // The websocket is unavailable: poll for the rest of the page's life.
          transport = 'polling';
          if (listeners.size > 0) startPolling();
        }, ASYNC_WS_RECONNECT_DELAY_MS);
      },
    });
  }

  /** The websocket stays open once a job has waited; polling runs only while one waits. */
  function listen(): void {
    if (transport === 'polling' || !connectSocket) {
      startPolling();
      return;
    }
    if (socketStarted) return;
    socketStarted = true;
    openSocket(connectSocket);
  }

  function waitForAsyncData(job: AsyncJob, signal?: AbortSignal): Promise<unknown[]> {
    return new Promise((resolve, reject) => {
      const jobId = job.job_id;
      const onAbort = () => {
        listeners.delete(jobId);
        reject(new DOMException('The chart query was stopped', 'AbortError'));
      };
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      listeners.set(jobId, (event) => {
        // Only a final status ends the wait.
        if (event.status !== 'done' && event.status !== 'error') return;
        listeners.delete(jobId);
        signal?.removeEventListener('abort', onAbort);
        if (event.status === 'error') {
          reject(asyncEventError(event));
        } else if (!event.result_url) {
          reject(asyncEventError({ errors: [] }));
        } else {
          deps.fetchResult(event.result_url).then((body) => resolve(resultList(body)), reject);
        }
      });
      listen();
    });
  }

  return {
    waitForAsyncData,
    processEvents,
    get lastEventId() {
      return lastId;
    },
    get transport() {
      return transport;
    },
  };
}

function browserStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

let shared: AsyncEventClient | undefined;
/** Superset's default when the server does not say (an older server has no websocket). */
let configuredTransport: AsyncTransport = 'polling';

/** The transport the server asks for (bootstrap `conf.GLOBAL_ASYNC_QUERIES_TRANSPORT`); set before the first job. */
export function setAsyncEventTransport(value: unknown): void {
  configuredTransport = ASYNC_TRANSPORTS.find((known) => known === value) ?? 'polling';
}

/** The app's one client: one websocket, or one polling loop, for every chart waiting on a job. */
export function asyncEvents(): AsyncEventClient {
  shared ??= createAsyncEventClient({
    transport: configuredTransport,
    connectSocket: connectBrowserSocket,
    fetchEvents: async (lastId) => {
      const query = lastId ? `?last_id=${encodeURIComponent(lastId)}` : '';
      return (await api.get<{ result: AsyncEvent[] }>(`/api/v1/async_event/${query}`)).result;
    },
    fetchResult: (resultUrl) => api.get<unknown>(resultUrl),
    storage: browserStorage(),
  });
  return shared;
}
