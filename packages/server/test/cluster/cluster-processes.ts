// Nezha processes for the cluster suite: each a separate OS process started from the built CLI, with its output kept
// for the failure message, and an HTTP client that signs in with a bearer token.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { closedPort } from '../support/redis-keys.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const CLI = path.join(ROOT, 'packages/server/bin/nezha.js');

/** The CLI runs from dist: compile what changed first (incremental, quick when nothing did). */
export function buildServer(): void {
  const build = spawnSync('npx', ['tsc', '-b', 'packages/core', 'packages/server'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`build failed:\n${build.stdout}\n${build.stderr}`);
}

export interface NezhaProcess {
  name: string;
  child: ChildProcess;
  /** HTTP port: the API for a web process, /health for a worker. */
  port: number;
  output(): string;
  /** Resolves when the process has exited. */
  exited: Promise<number | null>;
}

export function runCli(env: Record<string, string>, args: string[]): { status: number | null; output: string } {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  return { status: result.status, output: `${result.stdout}\n${result.stderr}` };
}

export async function startProcess(
  name: string,
  env: Record<string, string>,
  args: (port: number) => string[],
): Promise<NezhaProcess> {
  const port = await closedPort();
  const home = mkdtempSync(path.join(tmpdir(), `nezha-cluster-${name}-`));
  const child = spawn(process.execPath, [CLI, ...args(port)], {
    cwd: ROOT,
    env: { ...process.env, ...env, NEZHA_HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    text += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const started: NezhaProcess = { name, child, port, output: () => text, exited };
  await untilHealthy(started);
  return started;
}

/** Polls /health/ready until it answers 200 (or the process exits: its output is the error). */
async function untilHealthy(p: NezhaProcess): Promise<void> {
  let exited = false;
  void p.exited.then(() => {
    exited = true;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`${p.name} exited before it was ready:\n${p.output()}`);
    try {
      const response = await fetch(`http://127.0.0.1:${p.port}/health/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${p.name} never became ready:\n${p.output()}`);
}

export async function stopProcess(p: NezhaProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill(signal);
  await p.exited;
}

/** An API client of one web process, signed in with a bearer token (valid on every web process of the store). */
export class Client {
  constructor(
    readonly web: NezhaProcess,
    private readonly token: string,
  ) {}

  static async login(web: NezhaProcess, username: string, password: string): Promise<string> {
    const response = await fetch(`http://127.0.0.1:${web.port}/api/v1/security/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password, provider: 'db' }),
    });
    if (response.status !== 200) throw new Error(`login: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { access_token: string }).access_token;
  }

  async call(method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown; text: string }> {
    const response = await fetch(`http://127.0.0.1:${this.web.port}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${this.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    let json: unknown = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the text says what happened.
    }
    return { status: response.status, json, text };
  }
}
