// The iframe's end of the embedding SDK's MessageChannel (the protocol of @superset-ui/switchboard): "get" messages
// are answered with "reply" or "error", "emit" messages call a method without an answer.
type Method = (args: unknown) => unknown;

interface PortMessage {
  switchboardAction?: unknown;
  method?: unknown;
  messageId?: unknown;
  args?: unknown;
}

export const IFRAME_COMMS_MESSAGE_TYPE = '__embedded_comms__';

export class PortSwitchboard {
  private readonly methods = new Map<string, Method>();

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

  private async receive(message: PortMessage): Promise<void> {
    if (!message || typeof message !== 'object' || typeof message.method !== 'string') return;
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
