// The iframe's end of the embedding SDK's MessageChannel (the protocol of @superset-ui/switchboard): "get" messages
// are answered with "reply" or "error", "emit" messages call a method without an answer.
type Method = (args: unknown) => unknown;

interface PortMessage {
  switchboardAction?: unknown;
  method?: unknown;
  messageId?: unknown;
  args?: unknown;
  result?: unknown;
}

/** How long a question to the host may stay unanswered before the page goes on without it. */
const HOST_ANSWER_MS = 5000;

export const IFRAME_COMMS_MESSAGE_TYPE = '__embedded_comms__';

export class PortSwitchboard {
  private readonly methods = new Map<string, Method>();
  /** Questions this page asked the host, by message id: settled by its reply or error. */
  private readonly pending = new Map<string, (answer: { ok: boolean; result?: unknown }) => void>();
  private nextId = 0;

  constructor(
    private readonly port: MessagePort,
    private readonly name = 'nezha',
  ) {
    port.addEventListener('message', (event: MessageEvent<PortMessage>) => void this.receive(event.data));
  }

  defineMethod(name: string, method: Method): void {
    this.methods.set(name, method);
  }

  start(): void {
    this.port.start();
  }

  /**
   * Asks the host (the SDK defines `resolvePermalinkUrl`); an error answer, a method the host's SDK does not know, or
   * no answer in time resolve to undefined, so the page goes on with its own value.
   */
  get(method: string, args?: unknown): Promise<unknown> {
    const messageId = `${this.name}_${method}_${this.nextId++}`;
    return new Promise((resolve) => {
      const timer = setTimeout(() => settle({ ok: false }), HOST_ANSWER_MS);
      const settle = (answer: { ok: boolean; result?: unknown }) => {
        clearTimeout(timer);
        this.pending.delete(messageId);
        resolve(answer.ok ? answer.result : undefined);
      };
      this.pending.set(messageId, settle);
      this.port.postMessage({ switchboardAction: 'get', method, messageId, args });
    });
  }

  private async receive(message: PortMessage): Promise<void> {
    if (!message || typeof message !== 'object') return;
    if (message.switchboardAction === 'reply' || message.switchboardAction === 'error') {
      const settle = typeof message.messageId === 'string' ? this.pending.get(message.messageId) : undefined;
      settle?.({ ok: message.switchboardAction === 'reply', result: message.result });
      return;
    }
    if (typeof message.method !== 'string') return;
    const method = this.methods.get(message.method);
    if (message.switchboardAction === 'emit') {
      method?.(message.args);
      return;
    }
    if (message.switchboardAction !== 'get') return;
    const { messageId } = message;
    if (!method) {
      this.port.postMessage({
        switchboardAction: 'error',
        messageId,
        error: `[${this.name}] Method "${message.method}" is not defined`,
      });
      return;
    }
    try {
      this.port.postMessage({ switchboardAction: 'reply', messageId, result: await method(message.args) });
    } catch {
      this.port.postMessage({
        switchboardAction: 'error',
        messageId,
        error: `[${this.name}] Method "${message.method}" threw an error`,
      });
    }
  }
}
