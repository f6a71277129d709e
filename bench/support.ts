// Starts a Nezha server in-process for benchmarks: temp home, admin session, a real listen on 127.0.0.1.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../packages/server/src/app/build-app.js';
import type { AppContext } from '../packages/server/src/app/context.js';
import { closeContext, createContext } from '../packages/server/src/app/create-context.js';
import { initialize } from '../packages/server/src/app/init.js';
import { loadConfig } from '../packages/server/src/config/config.js';

export const ADMIN = { username: 'admin', password: 'bench-admin-password' };

export interface BenchServer {
  url: string;
  home: string;
  /** The admin's session cookie (`name=value`), for a browser that should start signed in. */
  cookie: string;
  /** The session's CSRF token, for calls made without `call` (another process, a raw socket). */
  csrf: string;
  /** The running app's context, for benches that look inside (e.g. count the statements a database ran). */
  ctx: AppContext;
  /** A JSON call as the logged-in admin (session cookie plus CSRF token). */
  call(method: string, route: string, body?: unknown): Promise<Response>;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /** Runs on the initialised context before the app is built (e.g. loading example data). */
  setup?: (ctx: AppContext) => Promise<void>;
}

export async function startBenchServer(
  env: Record<string, string> = {},
  options: BenchServerOptions = {},
): Promise<BenchServer> {
  const home = mkdtempSync(path.join(tmpdir(), 'nezha-bench-'));
  const config = loadConfig({
    NEZHA_HOME: home,
    NEZHA_SECRET_KEY: randomBytes(16).toString('hex'),
    NEZHA_WEB_DIST: path.join(home, 'no-web'),
    ...env,
  });
  const ctx = createContext(config);
  await initialize(ctx.store, { NEZHA_ADMIN_USERNAME: ADMIN.username, NEZHA_ADMIN_PASSWORD: ADMIN.password });
  await options.setup?.(ctx);
  const app = await buildApp(ctx);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const { cookie, csrf } = await signIn(url);

  return {
    url,
    home,
    cookie,
    csrf,
    ctx,
    call: (method, route, body) =>
      fetch(`${url}${route}`, {
        method,
        headers: { cookie, 'x-csrftoken': csrf, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    async close() {
      await app.close();
      await closeContext(ctx);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

/** Signs the bench admin in on a running server: its session cookie (`name=value`) and CSRF token. */
export async function signIn(url: string): Promise<{ cookie: string; csrf: string }> {
  // The login form carries a CSRF token bound to a cookie, as the login page fetches it.
  const form = await fetch(`${url}/api/v1/security/csrf_token/`);
  const formCookie = (form.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { result: formToken } = (await form.json()) as { result: string };
  const login = await fetch(`${url}/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: formCookie, 'x-csrftoken': formToken },
    body: JSON.stringify(ADMIN),
  });
  if (!login.ok) throw new Error(`bench login failed: ${login.status} ${await login.text()}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { csrf_token: csrf } = (await login.json()) as { csrf_token: string };
  return { cookie, csrf };
}

/** Median of `runs` timed calls after one untimed warm-up, in milliseconds. */
export async function medianMs(runs: number, task: () => Promise<void>): Promise<number> {
  await task();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await task();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

/**
 * Medians of two tasks run turn about after one untimed warm-up of each, in milliseconds: on a shared machine a busy
 * spell slows both alike, so their ratio holds where two medians taken one after the other would not.
 */
export async function interleavedMediansMs(
  runs: number,
  a: () => Promise<void>,
  b: () => Promise<void>,
): Promise<[number, number]> {
  await a();
  await b();
  const times: [number[], number[]] = [[], []];
  for (let run = 0; run < runs; run += 1) {
    for (const [at, task] of [a, b].entries()) {
      const started = performance.now();
      await task();
      times[at as 0 | 1].push(performance.now() - started);
    }
  }
  const median = (list: number[]) => list.sort((x, y) => x - y)[Math.floor(list.length / 2)] ?? Number.NaN;
  return [median(times[0]), median(times[1])];
}
