// The `nezha` command: init, db upgrade, create-admin, load-examples, export, import, serve, start.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { closeContext, createContext } from '../app/create-context.js';
import { createAdmin, initialize } from '../app/init.js';
import { loadConfig, type NezhaConfig } from '../config/config.js';
import { createExampleContent } from '../examples/example-dashboards.js';
import { consoleProgress, loadExamples, moveExamplesLoadRecord } from '../examples/index.js';
import { EXAMPLES_FILE, registerExamplesDatabase } from '../examples/register.js';
import { isJobKind, JOB_KINDS, type JobKind } from '../jobs/job-queue.js';
import { openStore } from '../store/db.js';
import { upgradeStore } from '../store/migrate.js';
import { describeSummary, exportToDirectory, importFromPath } from '../transfer/cli-transfer.js';
import { TransferError } from '../transfer/transfer-error.js';
import { startServer } from './serve.js';
import { startWorker } from './worker.js';

const USAGE = `Usage: nezha <command> [options]

Commands:
  init                  migrate the metadata store, sync roles, create the first admin
  db upgrade            migrate the metadata store only
  create-admin          --username U --password P [--first-name F --last-name L --email E]
  load-examples         build the embedded DuckDB example database [--only t1,t2]
  export --to DIR       write every dashboard, chart, dataset, database and saved query as Superset's YAML files
  import DIR|ZIP        import such a folder or a Superset/Nezha export ZIP, updating objects with the same uuid
                        [--passwords '{"databases/x.yaml": "secret"}' --username U (owner of what is created)]
  serve                 serve on NEZHA_HOST:NEZHA_PORT (127.0.0.1:8088) [--port N --host H]
                        [--no-worker: only enqueue jobs, a \`nezha worker\` runs them]
  worker                run jobs from the Redis queue (needs NEZHA_REDIS_URL) and schedule due reports
                        [--concurrency N (4)] [--queues sqllab,chart-data,report,scheduled-query] [--health-port N]
  start                 init, load examples on first run, serve (what \`npm start\` runs)

Settings come from NEZHA_* environment variables (see README).`;

function printAdmin(admin: { username: string; generatedPassword: string | null }): void {
  const password = admin.generatedPassword ?? '(the value of NEZHA_ADMIN_PASSWORD)';
  const line = '='.repeat(60);
  console.log(`\n${line}\n  Admin login created\n    username: ${admin.username}\n    password: ${password}\n`);
  if (admin.generatedPassword) console.log('  This password is shown once. Keep it somewhere safe.');
  console.log(`${line}\n`);
}

async function runInit(config: NezhaConfig): Promise<void> {
  const store = openStore(config.databaseUrl);
  try {
    const { migrations, admin } = await initialize(store);
    console.log(`Metadata store ready (${migrations.length} migration(s) applied).`);
    if (admin) printAdmin(admin);
  } finally {
    await store.close();
  }
}

/** Older installs kept the examples load record inside the examples database, readable from SQL Lab. */
async function moveLoadRecordOut(config: NezhaConfig): Promise<void> {
  const file = path.join(config.home, EXAMPLES_FILE);
  try {
    if (await moveExamplesLoadRecord(file)) console.log('Moved the examples load record out of the examples database.');
  } catch (error) {
    // Another running server holds the file; the move happens on the next start.
    console.warn(`Could not check ${file} for the old load record: ${error instanceof Error ? error.message : error}`);
  }
}

async function runLoadExamples(config: NezhaConfig, only: string[] | undefined): Promise<void> {
  const started = Date.now();
  const tables = await loadExamples({
    databasePath: path.join(config.home, EXAMPLES_FILE),
    examplesDir: config.examplesDir,
    onProgress: consoleProgress(),
    ...(only ? { only } : {}),
  });
  const ctx = createContext(config, { runJobs: false });
  try {
    await upgradeStore(ctx.store);
    await registerExamplesDatabase(ctx.store);
    const content = await createExampleContent(ctx);
    console.log(
      `Example content: ${content.datasets} datasets, ${content.charts} charts, ${content.dashboards} dashboards.`,
    );
  } finally {
    await closeContext(ctx);
  }
  const rows = tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Loaded ${tables.length} example tables (${rows.toLocaleString('en-US')} rows) in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
  );
}

/** Runs a command on a migrated store; an import or export refusal prints its problems by file and exits 1. */
async function withContext(config: NezhaConfig, run: (ctx: ReturnType<typeof createContext>) => Promise<void>) {
  const ctx = createContext(config);
  try {
    await upgradeStore(ctx.store);
    await run(ctx);
    return 0;
  } catch (error) {
    if (!(error instanceof TransferError)) throw error;
    console.error(error.message);
    for (const [file, problem] of Object.entries(error.problems)) {
      console.error(`  ${file}: ${typeof problem === 'string' ? problem : JSON.stringify(problem)}`);
    }
    return 1;
  } finally {
    await closeContext(ctx);
  }
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      username: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      email: { type: 'string' },
      only: { type: 'string' },
      port: { type: 'string' },
      to: { type: 'string' },
      passwords: { type: 'string' },
      host: { type: 'string' },
      'no-worker': { type: 'boolean' },
      concurrency: { type: 'string' },
      queues: { type: 'string' },
      'health-port': { type: 'string' },
    },
  });
  const env = { ...process.env };
  if (values.port) env.NEZHA_PORT = values.port;
  if (values.host) env.NEZHA_HOST = values.host;

  switch (command) {
    case 'init':
      await runInit(loadConfig(env));
      return 0;
    case 'db': {
      if (positionals[0] !== 'upgrade') break;
      const store = openStore(loadConfig(env).databaseUrl);
      try {
        const { applied } = await upgradeStore(store);
        console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The metadata store is up to date.');
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'create-admin': {
      const password = values.password ?? env.NEZHA_ADMIN_PASSWORD;
      if (!values.username || !password) {
        console.error('create-admin needs --username and --password (or NEZHA_ADMIN_PASSWORD).');
        return 2;
      }
      const store = openStore(loadConfig(env).databaseUrl);
      try {
        await upgradeStore(store);
        await createAdmin(store, {
          username: values.username,
          password,
          ...(values['first-name'] ? { firstName: values['first-name'] } : {}),
          ...(values['last-name'] ? { lastName: values['last-name'] } : {}),
          ...(values.email ? { email: values.email } : {}),
        });
        console.log(`Admin "${values.username}" created.`);
      } finally {
        await store.close();
      }
      return 0;
    }
    case 'load-examples':
      await runLoadExamples(
        loadConfig(env),
        values.only?.split(',').map((s) => s.trim()),
      );
      return 0;
    case 'export': {
      if (!values.to) {
        console.error('export needs --to DIR.');
        return 2;
      }
      return withContext(loadConfig(env), async (ctx) => {
        const count = await exportToDirectory(ctx, values.to as string);
        console.log(`Wrote ${count} files to ${values.to}.`);
      });
    }
    case 'import': {
      const source = positionals[0];
      if (!source || !existsSync(source)) {
        console.error('import needs a folder written by `nezha export` or an export ZIP.');
        return 2;
      }
      let passwords: Record<string, string> = {};
      try {
        passwords = values.passwords ? (JSON.parse(values.passwords) as Record<string, string>) : {};
      } catch {
        console.error('--passwords must be a JSON object of database file names to passwords.');
        return 2;
      }
      return withContext(loadConfig(env), async (ctx) => {
        const summary = await importFromPath(ctx, source, { passwords, username: values.username });
        console.log(describeSummary(summary));
      });
    }
    case 'serve': {
      const config = loadConfig(env);
      await moveLoadRecordOut(config);
      await startServer(config, { worker: values['no-worker'] !== true });
      return 0;
    }
    case 'worker': {
      const concurrency = Number(values.concurrency ?? '4');
      if (!Number.isInteger(concurrency) || concurrency < 1) {
        console.error(`--concurrency must be a positive integer, got "${values.concurrency}".`);
        return 2;
      }
      const names = values.queues ? values.queues.split(',').map((s) => s.trim()) : [...JOB_KINDS];
      const unknown = names.filter((name) => !isJobKind(name));
      if (unknown.length > 0 || names.length === 0) {
        console.error(`--queues takes a list of ${JOB_KINDS.join(', ')}; unknown: ${unknown.join(', ')}.`);
        return 2;
      }
      const healthPort = values['health-port'] === undefined ? undefined : Number(values['health-port']);
      await startWorker(loadConfig(env), {
        concurrency,
        kinds: names as JobKind[],
        ...(healthPort !== undefined ? { healthPort } : {}),
      });
      return 0;
    }
    case 'start': {
      const config = loadConfig(env);
      await runInit(config);
      if (!existsSync(path.join(config.home, EXAMPLES_FILE))) {
        console.log('First run: loading the example data…');
        await runLoadExamples(config, undefined);
      } else {
        await moveLoadRecordOut(config);
      }
      await startServer(config);
      return 0;
    }
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return 0;
  }
  console.error(`Unknown command: ${argv.join(' ')}\n\n${USAGE}`);
  return 2;
}

export { closeContext, createContext };
