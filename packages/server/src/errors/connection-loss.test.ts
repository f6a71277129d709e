// Which driver failures count as a lost connection (503, the pool heals) and which are the statement's own fault.
import { describe, expect, it } from 'vitest';
import { isConnectionLoss, isRedisDown, metadataStoreUnavailable, onRedis } from './connection-loss.js';
import { NezhaError } from './nezha-error.js';

const withCode = (message: string, code: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });

describe('isConnectionLoss', () => {
  it.each([
    ['pg_terminate_backend', withCode('terminating connection due to administrator command', '57P01')],
    ['a crashed backend', withCode('terminating connection because of crash of another server process', '57P02')],
    ['a server starting up', withCode('the database system is starting up', '57P03')],
    ['a broken connection', withCode('connection failure', '08006')],
    ['a dead socket', withCode('read ECONNRESET', 'ECONNRESET')],
    ['a write to a closed socket', withCode('write EPIPE', 'EPIPE')],
    ['pg losing its socket', new Error('Connection terminated unexpectedly')],
    ['pg reusing a broken client', new Error('Client has encountered a connection error and is not queryable')],
    [
      'mysql2 losing its socket',
      withCode('Connection lost: The server closed the connection.', 'PROTOCOL_CONNECTION_LOST'),
    ],
    ['MariaDB KILL', withCode('Connection was killed', 'ER_CONNECTION_KILLED', { errno: 1927 })],
    ['ioredis closed', new Error('Connection is closed.')],
    ['ioredis giving up', new Error('Reached the max retries per request limit (which is 1).')],
    ['Redis loading its data', new Error('LOADING Redis is loading the dataset in memory')],
    ['a dual-stack refusal', new AggregateError([withCode('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('counts %s', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(true);
  });

  it.each([
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601')],
    ['a missing table', withCode('relation "nope" does not exist', '42P01')],
    ['a statement stopped by the user', withCode('canceling statement due to user request', '57014')],
    ['a MySQL KILL QUERY', withCode('Query execution was interrupted', 'ER_QUERY_INTERRUPTED', { errno: 1317 })],
    ['a unique violation', withCode('duplicate key value violates unique constraint', '23505')],
    ['an answer already made', metadataStoreUnavailable(new Error('Connection terminated'))],
    ['not an error', 'Connection terminated'],
  ])('does not count %s', (_name, error) => {
    expect(isConnectionLoss(error)).toBe(false);
  });
});

describe('calls on Redis', () => {
  it('refuses at once with a 503 of the given type while the client reconnects', async () => {
    let ran = false;
    const failure = await onRedis({ status: 'reconnecting' }, 'RESULTS_BACKEND_ERROR', async () => {
      ran = true;
    }).catch((error: unknown) => error);
    expect(ran).toBe(false);
    expect(failure).toBeInstanceOf(NezhaError);
    expect((failure as NezhaError).status).toBe(503);
    expect((failure as NezhaError).toPayload()).toMatchObject({
      error_type: 'RESULTS_BACKEND_ERROR',
      extra: { service: 'redis' },
    });
  });

  it('lets a lazy client connect on its first call, and passes other failures through', async () => {
    expect(isRedisDown({ status: 'wait' })).toBe(false);
    const refusal = new Error('WRONGTYPE Operation against a key holding the wrong kind of value');
    const failure = await onRedis({ status: 'ready' }, 'RESULTS_BACKEND_ERROR', () => Promise.reject(refusal)).catch(
      (error: unknown) => error,
    );
    expect(failure).toBe(refusal);
  });
});
