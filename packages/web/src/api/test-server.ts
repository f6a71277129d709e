// A stand-in for the API server in thunk tests: fetch answers by "METHOD url", and the calls are recorded.
import { vi } from 'vitest';

export interface RecordedCall {
  url: string;
  method: string;
  body: unknown;
}

export type Answers = Record<string, { status: number; body: unknown }>;

export function mockServer(answers: Answers): RecordedCall[] {
  const calls: RecordedCall[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({ url, method, body: init.body ? JSON.parse(String(init.body)) : undefined });
    const answer = url.includes('csrf_token')
      ? { status: 200, body: { result: 'token' } }
      : (answers[`${method} ${url}`] ?? { status: 404, body: { message: 'Not found' } });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return calls;
}
