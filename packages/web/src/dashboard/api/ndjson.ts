// Reading newline-delimited JSON as it streams in: complete lines are parsed, the unfinished tail waits.

export interface NdjsonSplit {
  lines: string[];
  rest: string;
}

/** Splits the buffered text plus a new chunk into complete, non-blank lines and the unfinished remainder. */
export function splitNdjson(buffer: string, chunk: string): NdjsonSplit {
  const text = buffer + chunk;
  const parts = text.split('\n');
  const rest = parts.pop() ?? '';
  return { lines: parts.map((line) => line.trim()).filter((line) => line !== ''), rest };
}

/**
 * Lets the browser render and paint before the next line: a task of its own (scheduler.yield, else a message), never
 * a timer, which a background tab would slow to a second.
 */
export function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Calls `onLine` with each parsed line as soon as it is complete, yielding between lines that came in one chunk so
 * that each chart's answer is drawn (and painted) before the next is taken; resolves when the stream ends.
 */
export async function readNdjson(body: ReadableStream<Uint8Array>, onLine: (value: unknown) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    const split = splitNdjson(buffer, done ? decoder.decode() : decoder.decode(value, { stream: true }));
    buffer = split.rest;
    for (const [index, line] of split.lines.entries()) {
      if (index > 0) await yieldToBrowser();
      onLine(JSON.parse(line));
    }
    if (done) break;
  }
  if (buffer.trim()) onLine(JSON.parse(buffer));
}
