// Catches the embedding SDK's port handshake as soon as the page runs: the SDK posts it on the frame's load event,
// which can come before the embedded app's code has loaded, so the port waits here for it.
import { IFRAME_COMMS_MESSAGE_TYPE } from './switchboard';

let received: MessagePort | null = null;
const waiting = new Set<(port: MessagePort) => void>();

function onMessage(event: MessageEvent): void {
  const data = event.data as { type?: unknown; handshake?: unknown } | null;
  const port = event.ports?.[0];
  // Only the SDK's handshake from the page framing us; anything else posted to the window is ignored.
  if (event.source !== window.parent || window.parent === window) return;
  if (data?.type !== IFRAME_COMMS_MESSAGE_TYPE || data.handshake !== 'port transfer' || !port) return;
  received = port;
  for (const listener of waiting) listener(port);
}

/** Starts listening; called at start-up on /embedded/ pages only. */
export function listenForHandshake(): void {
  window.addEventListener('message', onMessage);
}

/** Calls back with the host's port (now, when it came already); answers an unsubscribe. */
export function onHandshake(listener: (port: MessagePort) => void): () => void {
  if (received) listener(received);
  waiting.add(listener);
  return () => waiting.delete(listener);
}
