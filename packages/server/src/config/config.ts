// Server settings from NEZHA_* environment variables and an optional nezha.config.json, with defaults.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ASYNC_TRANSPORTS, type AsyncTransport } from '@nezha/core';
import { z } from 'zod';
import { parseRate, type Rate } from './rate.js';

const FEATURE_FLAGS = [
  'SQLLAB_BACKEND_PERSISTENCE',
  'GLOBAL_ASYNC_QUERIES',
  'DASHBOARD_RBAC',
  'DASHBOARD_CROSS_FILTERS',
  'CONFIRM_DASHBOARD_DIFF',
  'HORIZONTAL_FILTER_BAR',
  'ENABLE_TEMPLATE_PROCESSING',
  'RLS_IN_SQLLAB',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

const DEFAULT_FEATURES: Record<FeatureFlag, boolean> = {
  SQLLAB_BACKEND_PERSISTENCE: true,
  GLOBAL_ASYNC_QUERIES: false,
  DASHBOARD_RBAC: false,
  DASHBOARD_CROSS_FILTERS: true,
  CONFIRM_DASHBOARD_DIFF: false,
  HORIZONTAL_FILTER_BAR: true,
  ENABLE_TEMPLATE_PROCESSING: true,
  /** Superset's RLS_IN_SQLLAB: row-level security rules narrow the tables SQL Lab reads too. */
  RLS_IN_SQLLAB: false,
};

export interface NezhaConfig {
  home: string;
  /** Metadata store: a sqlite:// file URL (the default, under home) or a postgresql:// URL. */
  databaseUrl: string;
  /** Cache, results and (later) jobs on Redis when set; in-process and on disk otherwise. */
  redisUrl: string | null;
  /** Put before every Redis key, so installations can share one Redis. */
  redisKeyPrefix: string;
  secretKey: string;
  host: string;
  port: number;
  examplesDir: string | null;
  webDist: string | null;
  features: Record<FeatureFlag, boolean>;
  /** How browsers hear of async job events: a websocket (falling back to polling) or polling only. */
  asyncQueriesTransport: AsyncTransport;
  sessionLifetimeSeconds: number;
  /** Session cookies always carry Secure when set; otherwise only when the request came over HTTPS. */
  sessionCookieSecure: boolean;
  /**
   * Believe X-Forwarded-For/-Proto (client address for login throttling, HTTPS for HSTS and Secure cookies). Only
   * behind a proxy that sets them: otherwise any client could pick its own address.
   */
  trustProxy: boolean;
  /** Failed logins allowed per username and per client address (per process). */
  authRateLimit: { perUser: Rate; perAddress: Rate };
  /** CSP frame-ancestors: who may embed Nezha in a frame. */
  frameAncestors: string;
  /**
   * Superset's SUPERSET_WEBSERVER_DOMAINS: hosts (`host[:port]`) of this same server that chart-data requests are
   * spread across (domain sharding). They may call the chart-data routes from each other's pages with credentials.
   */
  webserverDomains: string[];
  /** Superset's SESSION_COOKIE_DOMAIN: a parent domain, so that the sharded hosts share one session. */
  sessionCookieDomain: string | null;
  /** Superset's GUEST_TOKEN_JWT_*: the embedded dashboards' guest tokens, signed apart from every other token. */
  guestToken: GuestTokenConfig;
  /** Chart queries running at once against one database; a dashboard's other charts queue on the server. */
  maxQueriesPerDatabase: number;
  /**
   * Superset's PREVENT_UNSAFE_DB_CONNECTIONS: refuse SQLite files and DuckDB with external access, whose SQL can
   * read any file the server can. Connections to files under NEZHA_HOME are refused whatever this says.
   */
  preventUnsafeDbConnections: boolean;
  sqlLab: {
    defaultDbId: number | null;
    defaultLimit: number;
    maxRow: number;
    queryResultTimeoutSeconds: number;
    timeoutSeconds: number;
    /** SQLLAB_ASYNC_TIME_LIMIT_SEC: how long an asynchronous run may take before it is timed out. */
    asyncTimeLimitSeconds: number;
    /** Rows read from the engine at a time, and written to the client as one batch. */
    streamBatchRows: number;
    /** A result with more rows than this is streamed as it is read, instead of answered whole. */
    streamThresholdRows: number;
    /** Large results streamed at once by one process; one more is refused with 503 and Retry-After. */
    maxLargeResults: number;
  };
  /** Jobs on Redis (BullMQ): how often a busy worker proves it is alive; a job unproven for 2x this is stalled. */
  workerHeartbeatMs: number;
  /** How long a stopping worker lets running jobs finish before handing them back. */
  workerShutdownMs: number;
  /** Outgoing mail of alerts, reports and scheduled queries (Superset's SMTP_* settings). */
  smtp: SmtpConfig;
  reports: ReportsConfig;
  /** The assistant's model (NEZHA_ASSISTANT_*); null provider: the offline mode answers from the semantic layer. */
  assistant: AssistantConfig;
}

export const ASSISTANT_PROVIDERS = ['openai', 'anthropic'] as const;
export type AssistantProviderName = (typeof ASSISTANT_PROVIDERS)[number];

export interface AssistantConfig {
  provider: AssistantProviderName | null;
  /** The API's base URL: `https://api.openai.com/v1`, an Ollama/vLLM `…/v1`, `https://api.anthropic.com`. */
  url: string | null;
  model: string | null;
  apiKey: string | null;
  /** One provider call may take this long before it is abandoned (and retried). */
  timeoutSeconds: number;
  /** Calls retried after a timeout, a connection error, 429 or 5xx. */
  retries: number;
  /** Output tokens one reply may use over all its turns; the reply stops there. */
  maxTokensPerReply: number;
  /** Model turns one reply may take (each tool round is one). */
  maxTurns: number;
}

export interface SmtpConfig {
  /** Null: no mail server, email recipients fail with a log row saying so. */
  host: string | null;
  port: number;
  user: string | null;
  password: string | null;
  /** Upgrade a plain connection with STARTTLS (required when set). */
  starttls: boolean;
  /** Implicit TLS from the first byte (port 465). */
  ssl: boolean;
  mailFrom: string;
}

export interface ReportsConfig {
  /** Debian's Chromium, as the e2e tests use it; PNG and PDF reports need it. */
  chromiumPath: string;
  /** Where the worker's browser reaches the web app (Superset's WEBDRIVER_BASEURL). */
  webdriverBaseUrl: string;
  /** The address put in mails as the link back (Superset's WEBDRIVER_BASEURL_USER_FRIENDLY). */
  userFriendlyBaseUrl: string;
  /** How often each scheduling process looks for due cron ticks. */
  schedulerIntervalMs: number;
  /** Attempts per recipient before a delivery is logged as failed. */
  deliveryAttempts: number;
  /** The first retry waits this long, each next one twice as long. */
  retryBaseMs: number;
}

const GUEST_TOKEN_ALGORITHMS = ['HS256', 'HS384', 'HS512'] as const;

export interface GuestTokenConfig {
  /** GUEST_TOKEN_JWT_SECRET; derived from the secret key when not set (never a shared default). */
  secret: string;
  algorithm: (typeof GUEST_TOKEN_ALGORITHMS)[number];
  expSeconds: number;
  audience: string;
  /** GUEST_ROLE_NAME: the role whose permissions (and row-level filters) a guest has. */
  roleName: string;
}

const fileSchema = z
  .object({
    GUEST_TOKEN_JWT_SECRET: z.string().min(32).optional(),
    GUEST_TOKEN_JWT_ALGO: z.enum(GUEST_TOKEN_ALGORITHMS).optional(),
    GUEST_TOKEN_JWT_EXP_SECONDS: z.number().int().positive().optional(),
    GUEST_TOKEN_JWT_AUDIENCE: z.string().min(1).optional(),
    GUEST_ROLE_NAME: z.string().min(1).optional(),
    databaseUrl: z.string().optional(),
    redisUrl: z.string().optional(),
    redisKeyPrefix: z.string().optional(),
    secretKey: z.string().optional(),
    host: z.string().optional(),
    port: z.number().int().positive().optional(),
    examplesDir: z.string().optional(),
    features: z.record(z.string(), z.boolean()).optional(),
    GLOBAL_ASYNC_QUERIES_TRANSPORT: z.enum(ASYNC_TRANSPORTS).optional(),
    maxQueriesPerDatabase: z.number().int().positive().optional(),
    AUTH_RATE_LIMIT: z.string().optional(),
    AUTH_RATE_LIMIT_PER_ADDRESS: z.string().optional(),
    FRAME_ANCESTORS: z.string().optional(),
    SUPERSET_WEBSERVER_DOMAINS: z.array(z.string()).optional(),
    SESSION_COOKIE_DOMAIN: z.string().optional(),
    SESSION_COOKIE_SECURE: z.boolean().optional(),
    TRUST_PROXY: z.boolean().optional(),
    PREVENT_UNSAFE_DB_CONNECTIONS: z.boolean().optional(),
    SQLLAB_DEFAULT_DBID: z.number().int().optional(),
    DEFAULT_SQLLAB_LIMIT: z.number().int().positive().optional(),
    SQL_MAX_ROW: z.number().int().positive().optional(),
    SQLLAB_QUERY_RESULT_TIMEOUT: z.number().int().nonnegative().optional(),
    SQLLAB_TIMEOUT: z.number().int().positive().optional(),
    SQLLAB_ASYNC_TIME_LIMIT_SEC: z.number().int().positive().optional(),
    SQLLAB_STREAM_BATCH_ROWS: z.number().int().positive().optional(),
    SQLLAB_STREAM_THRESHOLD_ROWS: z.number().int().positive().optional(),
    SQLLAB_MAX_LARGE_RESULTS: z.number().int().positive().optional(),
    WORKER_HEARTBEAT_MS: z.number().int().positive().optional(),
    WORKER_SHUTDOWN_MS: z.number().int().nonnegative().optional(),
    SMTP_HOST: z.string().optional(),
    SMTP_PORT: z.number().int().positive().optional(),
    SMTP_USER: z.string().optional(),
    SMTP_PASSWORD: z.string().optional(),
    SMTP_STARTTLS: z.boolean().optional(),
    SMTP_SSL: z.boolean().optional(),
    SMTP_MAIL_FROM: z.string().optional(),
    WEBDRIVER_BASEURL: z.string().optional(),
    WEBDRIVER_BASEURL_USER_FRIENDLY: z.string().optional(),
    CHROMIUM_PATH: z.string().optional(),
    REPORTS_SCHEDULER_INTERVAL_MS: z.number().int().positive().optional(),
    REPORTS_DELIVERY_ATTEMPTS: z.number().int().positive().optional(),
    REPORTS_RETRY_BASE_MS: z.number().int().nonnegative().optional(),
  })
  .strict();

type Env = Record<string, string | undefined>;

function intFrom(env: Env, name: string): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value)) throw new Error(`${name} must be an integer, got "${raw}"`);
  return value;
}

function positiveIntFrom(env: Env, name: string): number | undefined {
  const value = intFrom(env, name);
  if (value !== undefined && value < 1) throw new Error(`${name} must be a positive integer, got "${env[name]}"`);
  return value;
}

function assistantConfig(env: Env): AssistantConfig {
  const provider = env.NEZHA_ASSISTANT_PROVIDER?.trim().toLowerCase() || null;
  if (provider !== null && !(ASSISTANT_PROVIDERS as readonly string[]).includes(provider)) {
    throw new Error(`NEZHA_ASSISTANT_PROVIDER must be one of ${ASSISTANT_PROVIDERS.join(', ')}, got "${provider}"`);
  }
  const defaultUrl = provider === 'anthropic' ? 'https://api.anthropic.com' : 'https://api.openai.com/v1';
  return {
    provider: provider as AssistantProviderName | null,
    url: provider ? env.NEZHA_ASSISTANT_URL?.trim() || defaultUrl : null,
    model: env.NEZHA_ASSISTANT_MODEL?.trim() || null,
    apiKey: env.NEZHA_ASSISTANT_API_KEY || null,
    timeoutSeconds: positiveIntFrom(env, 'NEZHA_ASSISTANT_TIMEOUT') ?? 60,
    retries: intFrom(env, 'NEZHA_ASSISTANT_RETRIES') ?? 2,
    maxTokensPerReply: positiveIntFrom(env, 'NEZHA_ASSISTANT_MAX_TOKENS') ?? 4096,
    maxTurns: positiveIntFrom(env, 'NEZHA_ASSISTANT_MAX_TURNS') ?? 8,
  };
}

function boolFrom(raw: string | undefined): boolean | undefined {
  if (raw === undefined || raw === '') return undefined;
  return ['1', 'true', 'yes', 'on'].includes(raw.toLowerCase());
}

function transportFrom(env: Env): AsyncTransport | undefined {
  const raw = env.NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT;
  if (raw === undefined || raw === '') return undefined;
  const transport = ASYNC_TRANSPORTS.find((known) => known === raw.toLowerCase());
  if (!transport) {
    throw new Error(`NEZHA_GLOBAL_ASYNC_QUERIES_TRANSPORT must be one of ${ASYNC_TRANSPORTS.join(', ')}, got "${raw}"`);
  }
  return transport;
}

function guestTokenFrom(env: Env, file: z.infer<typeof fileSchema>, secretKey: () => string): GuestTokenConfig {
  const secret = env.NEZHA_GUEST_TOKEN_JWT_SECRET || file.GUEST_TOKEN_JWT_SECRET;
  if (secret !== undefined && secret.length < 32) {
    throw new Error('NEZHA_GUEST_TOKEN_JWT_SECRET must be at least 32 characters');
  }
  const rawAlgorithm = env.NEZHA_GUEST_TOKEN_JWT_ALGO || file.GUEST_TOKEN_JWT_ALGO || 'HS256';
  const algorithm = GUEST_TOKEN_ALGORITHMS.find((known) => known === rawAlgorithm);
  if (!algorithm) {
    throw new Error(
      `NEZHA_GUEST_TOKEN_JWT_ALGO must be one of ${GUEST_TOKEN_ALGORITHMS.join(', ')}, got "${rawAlgorithm}"`,
    );
  }
  return {
    secret: secret ?? `nezha:guest-token:${secretKey()}`,
    algorithm,
    // Superset's default: five minutes; the SDK asks for a new token before it runs out.
    expSeconds: positiveIntFrom(env, 'NEZHA_GUEST_TOKEN_JWT_EXP_SECONDS') ?? file.GUEST_TOKEN_JWT_EXP_SECONDS ?? 300,
    audience: env.NEZHA_GUEST_TOKEN_JWT_AUDIENCE || file.GUEST_TOKEN_JWT_AUDIENCE || 'nezha',
    roleName: env.NEZHA_GUEST_ROLE_NAME || file.GUEST_ROLE_NAME || 'Public',
  };
}

const HOST_NAME = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/** The sharding hosts: `host` or `host:port` each, nothing that could reach a header or a policy otherwise. */
function webserverDomainsFrom(raw: readonly string[]): string[] {
  const hosts = raw.map((host) => host.trim()).filter((host) => host !== '');
  const bad = hosts.find((host) => !HOST_NAME.test(host));
  if (bad !== undefined) {
    throw new Error(`NEZHA_WEBSERVER_DOMAINS must be host names (host or host:port) separated by commas, got "${bad}"`);
  }
  return hosts;
}

/** Sources for CSP frame-ancestors; characters that would end the directive or the header are refused. */
function frameAncestorsFrom(raw: string): string {
  const value = raw.trim();
  if (value === '' || /[;,\r\n\0]/.test(value)) {
    throw new Error(
      `NEZHA_FRAME_ANCESTORS must be CSP sources separated by spaces (e.g. 'self' https://intranet.example), got "${raw}"`,
    );
  }
  return value;
}

function readConfigFile(home: string, env: Env): z.infer<typeof fileSchema> {
  const candidates = [env.NEZHA_CONFIG, path.join(home, 'nezha.config.json'), path.resolve('nezha.config.json')];
  for (const file of candidates) {
    if (!file || !existsSync(file)) continue;
    const parsed = fileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
    return parsed.data;
  }
  return {};
}

/** The secret key signs sessions and tokens and encrypts passwords; kept in home when not given. */
function resolveSecretKey(home: string, given: string | undefined): string {
  if (given) return given;
  const file = path.join(home, 'secret_key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export function loadConfig(env: Env = process.env): NezhaConfig {
  const home = path.resolve(env.NEZHA_HOME ?? '.nezha');
  mkdirSync(home, { recursive: true });
  const file = readConfigFile(home, env);
  const features = { ...DEFAULT_FEATURES };
  for (const flag of FEATURE_FLAGS) {
    const fromFile = file.features?.[flag];
    if (fromFile !== undefined) features[flag] = fromFile;
    const fromEnv = boolFrom(env[`NEZHA_FEATURE_${flag}`]);
    if (fromEnv !== undefined) features[flag] = fromEnv;
  }
  const databaseUrl = env.NEZHA_DATABASE_URL || file.databaseUrl || `sqlite:///${path.join(home, 'nezha.db')}`;
  const host = env.NEZHA_HOST || file.host || '127.0.0.1';
  const port = intFrom(env, 'NEZHA_PORT') ?? file.port ?? 8088;
  const webdriverBaseUrl =
    env.WEBDRIVER_BASEURL || file.WEBDRIVER_BASEURL || `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/`;
  return {
    home,
    databaseUrl,
    redisUrl: env.NEZHA_REDIS_URL || file.redisUrl || null,
    redisKeyPrefix: env.NEZHA_REDIS_KEY_PREFIX || file.redisKeyPrefix || 'nezha:',
    secretKey: resolveSecretKey(home, env.NEZHA_SECRET_KEY || file.secretKey),
    host,
    port,
    examplesDir: env.NEZHA_EXAMPLES_DIR ? path.resolve(env.NEZHA_EXAMPLES_DIR) : (file.examplesDir ?? null),
    webDist: env.NEZHA_WEB_DIST ? path.resolve(env.NEZHA_WEB_DIST) : null,
    features,
    asyncQueriesTransport: transportFrom(env) ?? file.GLOBAL_ASYNC_QUERIES_TRANSPORT ?? 'ws',
    sessionLifetimeSeconds: intFrom(env, 'NEZHA_SESSION_LIFETIME') ?? 7 * 24 * 3600,
    sessionCookieSecure: boolFrom(env.NEZHA_SESSION_COOKIE_SECURE) ?? file.SESSION_COOKIE_SECURE ?? false,
    trustProxy: boolFrom(env.NEZHA_TRUST_PROXY) ?? file.TRUST_PROXY ?? false,
    authRateLimit: {
      // Superset's AUTH_RATE_LIMIT default.
      perUser: parseRate(env.NEZHA_AUTH_RATE_LIMIT || file.AUTH_RATE_LIMIT || '5 per second', 'NEZHA_AUTH_RATE_LIMIT'),
      perAddress: parseRate(
        env.NEZHA_AUTH_RATE_LIMIT_PER_ADDRESS || file.AUTH_RATE_LIMIT_PER_ADDRESS || '5 per second',
        'NEZHA_AUTH_RATE_LIMIT_PER_ADDRESS',
      ),
    },
    frameAncestors: frameAncestorsFrom(env.NEZHA_FRAME_ANCESTORS || file.FRAME_ANCESTORS || "'self'"),
    webserverDomains: webserverDomainsFrom(
      env.NEZHA_WEBSERVER_DOMAINS ? env.NEZHA_WEBSERVER_DOMAINS.split(',') : (file.SUPERSET_WEBSERVER_DOMAINS ?? []),
    ),
    sessionCookieDomain: env.NEZHA_SESSION_COOKIE_DOMAIN || file.SESSION_COOKIE_DOMAIN || null,
    guestToken: guestTokenFrom(env, file, () => resolveSecretKey(home, env.NEZHA_SECRET_KEY || file.secretKey)),
    maxQueriesPerDatabase: positiveIntFrom(env, 'NEZHA_MAX_QUERIES_PER_DATABASE') ?? file.maxQueriesPerDatabase ?? 4,
    preventUnsafeDbConnections:
      boolFrom(env.NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS) ?? file.PREVENT_UNSAFE_DB_CONNECTIONS ?? true,
    sqlLab: {
      defaultDbId: intFrom(env, 'SQLLAB_DEFAULT_DBID') ?? file.SQLLAB_DEFAULT_DBID ?? null,
      defaultLimit: intFrom(env, 'DEFAULT_SQLLAB_LIMIT') ?? file.DEFAULT_SQLLAB_LIMIT ?? 1000,
      maxRow: intFrom(env, 'SQL_MAX_ROW') ?? file.SQL_MAX_ROW ?? 100000,
      queryResultTimeoutSeconds: intFrom(env, 'SQLLAB_QUERY_RESULT_TIMEOUT') ?? file.SQLLAB_QUERY_RESULT_TIMEOUT ?? 0,
      timeoutSeconds: intFrom(env, 'SQLLAB_TIMEOUT') ?? file.SQLLAB_TIMEOUT ?? 30,
      // Superset's default: six hours.
      asyncTimeLimitSeconds:
        positiveIntFrom(env, 'SQLLAB_ASYNC_TIME_LIMIT_SEC') ?? file.SQLLAB_ASYNC_TIME_LIMIT_SEC ?? 6 * 3600,
      streamBatchRows: positiveIntFrom(env, 'NEZHA_SQLLAB_STREAM_BATCH_ROWS') ?? file.SQLLAB_STREAM_BATCH_ROWS ?? 5000,
      streamThresholdRows:
        positiveIntFrom(env, 'NEZHA_SQLLAB_STREAM_THRESHOLD_ROWS') ?? file.SQLLAB_STREAM_THRESHOLD_ROWS ?? 10_000,
      maxLargeResults: positiveIntFrom(env, 'NEZHA_SQLLAB_MAX_LARGE_RESULTS') ?? file.SQLLAB_MAX_LARGE_RESULTS ?? 4,
    },
    // 15 s: a dead worker's job is found stalled (2x) and failed or re-run well within a minute.
    workerHeartbeatMs: positiveIntFrom(env, 'NEZHA_WORKER_HEARTBEAT_MS') ?? file.WORKER_HEARTBEAT_MS ?? 15_000,
    workerShutdownMs: intFrom(env, 'NEZHA_WORKER_SHUTDOWN_MS') ?? file.WORKER_SHUTDOWN_MS ?? 30_000,
    assistant: assistantConfig(env),
    smtp: {
      host: env.SMTP_HOST || file.SMTP_HOST || null,
      // Superset's defaults: localhost:25, STARTTLS on, no SSL.
      port: positiveIntFrom(env, 'SMTP_PORT') ?? file.SMTP_PORT ?? 25,
      user: env.SMTP_USER || file.SMTP_USER || null,
      password: env.SMTP_PASSWORD || file.SMTP_PASSWORD || null,
      starttls: boolFrom(env.SMTP_STARTTLS) ?? file.SMTP_STARTTLS ?? true,
      ssl: boolFrom(env.SMTP_SSL) ?? file.SMTP_SSL ?? false,
      mailFrom: env.SMTP_MAIL_FROM || file.SMTP_MAIL_FROM || 'nezha@localhost',
    },
    reports: {
      chromiumPath: env.NEZHA_CHROMIUM_PATH || file.CHROMIUM_PATH || '/usr/bin/chromium',
      webdriverBaseUrl,
      userFriendlyBaseUrl:
        env.WEBDRIVER_BASEURL_USER_FRIENDLY || file.WEBDRIVER_BASEURL_USER_FRIENDLY || webdriverBaseUrl,
      schedulerIntervalMs:
        positiveIntFrom(env, 'NEZHA_REPORTS_SCHEDULER_INTERVAL_MS') ?? file.REPORTS_SCHEDULER_INTERVAL_MS ?? 30_000,
      deliveryAttempts: positiveIntFrom(env, 'NEZHA_REPORTS_DELIVERY_ATTEMPTS') ?? file.REPORTS_DELIVERY_ATTEMPTS ?? 3,
      retryBaseMs: intFrom(env, 'NEZHA_REPORTS_RETRY_BASE_MS') ?? file.REPORTS_RETRY_BASE_MS ?? 2_000,
    },
  };
}
