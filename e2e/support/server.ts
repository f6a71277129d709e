// Starts a real Nezha server for browser tests: temp home, free port, init, load-examples, serve, /health; or, on a
// shared store and Redis, several web processes and workers.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface NezhaServer {
  /** The (first) web process. */
  url: string;
  /** Every web process, `url` first. */
  webUrls: string[];
  /** The /health address of every `nezha worker` process. */
  workerUrls: string[];
  adminUsername: string;
  adminPassword: string;
  /** Everything the server printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function runCli(cli: string, args: string[], env: NodeJS.ProcessEnv, timeoutMs: number): Promise<string> {
  return new Promise((resolveRun, reject) => {
    execFile(
      process.execPath,
      [cli, ...args],
      { env, cwd: repoRoot, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`nezha ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`));
        else resolveRun(`${stdout}${stderr}`);
      },
    );
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nezha exited with code ${child.exitCode}:\n${output()}`);
    try {
      const response = await fetch(`${url}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`nezha did not answer ${url}/health within ${timeoutMs} ms:\n${output()}`);
}

export interface StartOptions {
  /** Extra environment of the server (feature flags, SQL_MAX_ROW…); such a server is always started here. */
  env?: Record<string, string>;
  /** Runs load-examples (the default). Processes sharing a home cannot share the examples DuckDB file (one writer). */
  examples?: boolean;
  /**
   * Several processes on one home and one environment, which must then name a shared store and Redis
   * (NEZHA_DATABASE_URL, NEZHA_REDIS_URL): `webs` web processes, started with `--no-worker` when there are workers,
   * and `workers` `nezha worker` processes.
   */
  processes?: { webs: number; workers: number };
  /** The first web process's port, when the test must name it in the environment (e.g. NEZHA_WEBSERVER_DOMAINS). */
  port?: number;
}

/**
 * Uses NEZHA_E2E_BASE_URL (and NEZHA_E2E_ADMIN_PASSWORD) when set, to test an already running server,
 * unless options ask for an environment of their own.
 */
export async function startServer(options: StartOptions = {}): Promise<NezhaServer> {
  const external = process.env.NEZHA_E2E_BASE_URL;
  if (external && options.env === undefined) {
    return {
      url: external.replace(/\/$/, ''),
      webUrls: [external.replace(/\/$/, '')],
      workerUrls: [],
      adminUsername: process.env.NEZHA_E2E_ADMIN_USERNAME ?? 'admin',
      adminPassword: process.env.NEZHA_E2E_ADMIN_PASSWORD ?? 'admin',
      output: () => '',
      stop: async () => {},
    };
  }

  const cli = join(repoRoot, 'packages/server/bin/nezha.js');
  const compiled = join(repoRoot, 'packages/server/dist/cli/main.js');
  if (!existsSync(compiled)) throw new Error(`${compiled} is missing: run \`npm run build\` before \`npm run e2e\`.`);
  if (!existsSync(join(repoRoot, 'packages/web/dist/index.html'))) {
    throw new Error('packages/web/dist is missing: run `npm run build` before `npm run e2e`.');
  }
  const examplesDir = resolve(repoRoot, '../shared/data');
  if (!existsSync(examplesDir)) throw new Error(`The example data folder ${examplesDir} is missing.`);

  const home = await mkdtemp(join(tmpdir(), 'nezha-e2e-'));
  const adminPassword = randomBytes(12).toString('hex');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NEZHA_HOME: home,
    NEZHA_ADMIN_USERNAME: 'admin',
    NEZHA_ADMIN_PASSWORD: adminPassword,
    NEZHA_EXAMPLES_DIR: examplesDir,
    NEZHA_SECRET_KEY: randomBytes(32).toString('hex'),
    ...options.env,
  };

  await runCli(cli, ['init'], env, 120_000);
  if (options.examples !== false) await runCli(cli, ['load-examples'], env, 480_000);

  const { webs, workers } = options.processes ?? { webs: 1, workers: 0 };
  const named = webs + workers > 1;
  const children: ChildProcess[] = [];
  let log = '';
  const output = () => log.slice(-20_000);
  const spawnNezha = (name: string, args: string[]) => {
    const child = spawn(process.execPath, [cli, ...args], { env, cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (chunk: Buffer) => {
      log += named ? `[${name}] ${chunk.toString()}` : chunk.toString();
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    children.push(child);
    return child;
  };

  const stop = async () => {
    await Promise.all(
      children.map(async (child) => {
        if (child.exitCode !== null || child.signalCode !== null) return;
        const exited = new Promise<void>((done) => child.once('exit', () => done()));
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }),
    );
    await rm(home, { recursive: true, force: true });
  };

  const webUrls: string[] = [];
  const workerUrls: string[] = [];
  try {
    for (let i = 0; i < webs; i += 1) {
      const port = i === 0 && options.port ? options.port : await freePort();
      const args = ['serve', '--port', String(port), ...(workers > 0 ? ['--no-worker'] : [])];
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(url, spawnNezha(`web-${i + 1}`, args), output, 60_000);
      webUrls.push(url);
    }
    for (let i = 0; i < workers; i += 1) {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      await waitForHealth(
        url,
        spawnNezha(`worker-${i + 1}`, ['worker', '--health-port', String(port)]),
        output,
        60_000,
      );
      workerUrls.push(url);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: webUrls[0] as string, webUrls, workerUrls, adminUsername: 'admin', adminPassword, output, stop };
}
