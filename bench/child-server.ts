// A Nezha server in a process of its own, built as `npm start` runs it (so its memory and its event loop are its own,
// apart from the bench's client), and timed requests to it whose bodies are counted as they arrive and dropped.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ADMIN, signIn } from './support.js';

export interface Child {
  url: string;
  cookie: string;
  csrf: string;
  pid: number;
  process: ChildProcess;
  home: string;
}

const SERVER_CLI = fileURLToPath(new URL('../packages/server/bin/nezha.js', import.meta.url));

/** A port nothing listens on now, for a child that must be told its port up front. */
async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

function runCli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // Plain node on the compiled server (`npm run build`), as `npm start` runs it: a loader that compiles
  // TypeScript on the fly (tsx) would add its own 100+ MB to the server's memory.
  return spawn(process.execPath, [SERVER_CLI, ...args], { env, stdio: ['ignore', 'ignore', 'inherit'] });
}

/** `nezha init` then `nezha serve` on a temp home, in a process of its own so its memory is its own. */
export async function startChild(settings: Record<string, string>): Promise<Child> {
  const home = mkdtempSync(path.join(tmpdir(), 'nezha-bench-'));
  const port = await freePort();
  const env = {
    PATH: process.env.PATH,
    NEZHA_HOME: home,
    NEZHA_SECRET_KEY: randomBytes(16).toString('hex'),
    NEZHA_WEB_DIST: path.join(home, 'no-web'),
    NEZHA_PORT: String(port),
    NEZHA_ADMIN_USERNAME: ADMIN.username,
    NEZHA_ADMIN_PASSWORD: ADMIN.password,
    ...settings,
  };
  const init = runCli(['init'], env);
  const code = await new Promise((resolve) => init.once('exit', resolve));
  if (code !== 0) throw new Error(`nezha init exited (${code}); run "npm run build" first`);
  const child = runCli(['serve'], env);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (status) => reject(new Error(`bench server exited (${status})`))),
  );
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    const up = await Promise.race([
      fetch(`${url}/health`).then(
        (response) => response.ok,
        () => false,
      ),
      exited,
    ]);
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const { cookie, csrf } = await signIn(url);
  return { url, cookie, csrf, pid: child.pid ?? 0, process: child, home };
}

export async function stopChild(child: Child): Promise<void> {
  const exited = new Promise((resolve) => child.process.once('exit', resolve));
  child.process.kill('SIGTERM');
  await exited;
  rmSync(child.home, { recursive: true, force: true });
}

/** Forgets the process's peak resident set, so the next reading is the peak of what follows. */
export function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, '5');
}

export function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${field}:`));
  return Number(line?.replace(/\D+/g, '') ?? Number.NaN);
}

export const agent = new http.Agent({ keepAlive: true });

export interface Timed {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  encoding: string | undefined;
}

/** One request, its body counted as it arrives and dropped (the client keeps nothing). */
export function timedRequest(
  child: Child,
  method: string,
  route: string,
  body?: unknown,
  headers = {},
): Promise<Timed> {
  const url = new URL(route, child.url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const request = http.request(
      url,
      {
        method,
        agent,
        headers: {
          cookie: child.cookie,
          'x-csrftoken': child.csrf,
          ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
          ...headers,
        },
      },
      (response) => {
        let firstByteMs = Number.NaN;
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            firstByteMs,
            totalMs: performance.now() - started,
            bytes,
            encoding: response.headers['content-encoding'],
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export function execute(child: Child, databaseId: number, sql: string, rows: number, headers = {}): Promise<Timed> {
  return timedRequest(
    child,
    'POST',
    '/api/v1/sqllab/execute/',
    {
      client_id: randomBytes(9).toString('base64url').slice(0, 11),
      database_id: databaseId,
      sql,
      queryLimit: rows,
      runAsync: false,
    },
    headers,
  ).then((timed) => {
    if (timed.status !== 200) throw new Error(`execute answered ${timed.status}`);
    return timed;
  });
}

/** A JSON call as the signed-in admin, in the shape `registerDatabase` takes. */
export function childCall(child: Child): (method: string, route: string, body?: unknown) => Promise<Response> {
  return (method, route, body) =>
    fetch(`${child.url}${route}`, {
      method,
      headers: { cookie: child.cookie, 'x-csrftoken': child.csrf, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
}
