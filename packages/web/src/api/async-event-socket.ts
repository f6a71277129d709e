// The browser side of the async event websocket (GET /api/v1/async_event/ws): same origin, ws:// or wss:// as the
// page, the last event id as `last_id`; what it hears is handed to the async event client as plain callbacks.

export interface AsyncSocketHandlers {
  onOpen(): void;
  /** One message: one JSON event. */
  onMessage(data: string): void;
  /** Closed or never opened; called once per connection. */
  onClose(): void;
}

export interface AsyncSocket {
  close(): void;
}

export type ConnectAsyncSocket = (lastId: string | null, handlers: AsyncSocketHandlers) => AsyncSocket;

export const ASYNC_EVENT_WS_PATH = '/api/v1/async_event/ws';

export function asyncEventSocketUrl(location: Pick<Location, 'protocol' | 'host'>, lastId: string | null): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const query = lastId ? `?last_id=${encodeURIComponent(lastId)}` : '';
  return `${scheme}//${location.host}${ASYNC_EVENT_WS_PATH}${query}`;
}

export const connectBrowserSocket: ConnectAsyncSocket = (lastId, handlers) => {
  let socket: WebSocket;
  try {
    socket = new WebSocket(asyncEventSocketUrl(window.location, lastId));
  } catch {
    // A refused URL counts as a failed connection: the client tries again, then polls.
    queueMicrotask(() => handlers.onClose());
    return { close: () => undefined };
  }
  socket.addEventListener('open', () => handlers.onOpen());
  socket.addEventListener('message', (event: MessageEvent) => {
    if (typeof event.data === 'string') handlers.onMessage(event.data);
  });
  // As Superset does: an error closes a socket that is not closing yet, and the close event reconnects.
  socket.addEventListener('error', () => {
    if (socket.readyState < WebSocket.CLOSING) socket.close();
  });
  socket.addEventListener('close', () => handlers.onClose(), { once: true });
  return { close: () => socket.close() };
};
