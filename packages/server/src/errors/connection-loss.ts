// Lost connections to the services Nezha depends on: which driver failures mean "the connection is gone" (not "the
// statement is wrong"), and the 503 answers they become, so one dropped socket fails one request and nothing more.
import type { ErrorType } from '@nezha/core';
import type pg from 'pg';
import { NezhaError } from './nezha-error.js';

/**
 * SQLSTATEs of a backend that went away: admin_shutdown (pg_terminate_backend, a fast shutdown), crash_shutdown,
 * cannot_connect_now (starting up, in recovery), idle_session_timeout, idle_in_transaction_session_timeout (both end
 * the session), and the connection_exception class (08000, 08003, 08006).
 */
const LOST_SQLSTATES = new Set(['57P01', '57P02', '57P03', '57P05', '25P03', '08000', '08003', '08006']);

/** Socket codes (Node), and mysql2's codes for a connection the server closed or killed. */
const LOST_CODES = new Set([
  'ECONNRESET',
  'EPIPE',
  'ECONNREFUSED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'PROTOCOL_CONNECTION_LOST',
  'ER_CONNECTION_KILLED',
  'ER_SERVER_SHUTDOWN',
]);

/** Drivers that say it only in words: pg ("Connection terminated unexpectedly", "…not queryable"), mysql2, ioredis. */
const LOST_MESSAGES =
  /Connection terminated|not queryable|Connection lost|closed state|Can't write in closed state|Connection is closed|max retries per request|enableOfflineQueue|Connection was killed|timeout exceeded when trying to connect/i;

/** Redis replies of a server that cannot serve right now: loading its data, a replica after a failover, no master. */
const REDIS_NOT_SERVING = /^(LOADING|READONLY|MASTERDOWN|TRYAGAIN) /;

function codeOf(error: object): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

/** True when the driver error says the connection is gone or cannot be had, whatever the statement was. */
export function isConnectionLoss(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error instanceof NezhaError) return false;
  const code = codeOf(error);
  if (code && (LOST_SQLSTATES.has(code) || LOST_CODES.has(code))) return true;
  // MariaDB's ER_CONNECTION_KILLED (1927) and MySQL's ER_SERVER_SHUTDOWN (1053) by number.
  const errno = (error as { errno?: unknown }).errno;
  if (errno === 1927 || errno === 1053) return true;
  if (LOST_MESSAGES.test(error.message) || REDIS_NOT_SERVING.test(error.message)) return true;
  if (error instanceof AggregateError) return error.errors.some(isConnectionLoss);
  const cause = (error as { cause?: unknown }).cause;
  return cause !== undefined && cause !== error && isConnectionLoss(cause);
}

export type DependentService = 'metadata' | 'redis';

const MESSAGES: Record<DependentService, string> = {
  metadata: 'The metadata database cannot be reached right now. Please try again in a moment.',
  redis: 'Redis cannot be reached right now. Please try again in a moment.',
};

/**
 * The answer for a request that needed a service which is down: 503, a catalogue type, no driver text (which may
 * name hosts and users). `service` in `extra` says what to look at.
 */
function serviceUnavailable(service: DependentService, type: ErrorType, cause: unknown): NezhaError {
  return new NezhaError({ type, status: 503, message: MESSAGES[service], extra: { service }, cause });
}

/** Runs a call on a service; a lost connection to it becomes the 503 of `type`, any other failure stays as it is. */
async function unavailableOnLoss<T>(service: DependentService, type: ErrorType, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw isConnectionLoss(error) ? serviceUnavailable(service, type, error) : error;
  }
}

/**
 * ioredis states in which a command would only wait in the offline queue for the next reconnection attempt (up to
 * seconds each, during an outage that may last): such a call fails at once instead. 'wait' (a lazy client not yet
 * used) and 'connecting' still queue, so the first call opens the connection.
 */
const REDIS_DOWN_STATES = new Set(['reconnecting', 'close', 'end']);

export function isRedisDown(client: { status: string }): boolean {
  return REDIS_DOWN_STATES.has(client.status);
}

/** A call on Redis: refused at once while Redis is known down, and a lost connection answered as the 503 of `type`. */
export function onRedis<T>(client: { status: string }, type: ErrorType, run: () => Promise<T>): Promise<T> {
  if (isRedisDown(client)) {
    return Promise.reject(serviceUnavailable('redis', type, new Error(`Redis connection is ${client.status}`)));
  }
  return unavailableOnLoss('redis', type, run);
}

/** The metadata store lost its connection: Nezha itself is fine, the request may be tried again. */
export function metadataStoreUnavailable(cause: unknown): NezhaError {
  return serviceUnavailable('metadata', 'METADATA_STORE_UNAVAILABLE_ERROR', cause);
}

/**
 * Every client of a pg pool gets an error listener of its own for its whole life. pg-pool listens only while a client
 * is idle; a checked-out client whose backend is terminated emits 'error' with nobody listening, which would end the
 * process. The client is marked unusable by then, and the pool drops it when it comes back.
 */
export function guardPgPool(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
}
