// The async chart suites' runs: every metadata store with events in memory, and the SQLite store with Redis holding
// the chart cache and the async events, as a server with NEZHA_REDIS_URL.
import { dropKeysUnder, testKeyPrefix, testRedis } from '../support/redis-keys.js';
import { REDIS_URL } from '../support/services.js';
import { STORE_BACKENDS, type StoreBackend } from './chart-harness.js';

const REDIS_PREFIX = testKeyPrefix();

export const ON_REDIS: StoreBackend = {
  name: 'SQLite store, Redis',
  url: REDIS_URL,
  variable: 'NEZHA_TEST_REDIS_URL',
  open: async () => ({
    drop: async () => {
      const redis = testRedis(REDIS_URL as string);
      await dropKeysUnder(redis, REDIS_PREFIX);
      await redis.quit();
    },
  }),
};

export const ASYNC_RUNS: Array<{ backend: StoreBackend; env: Record<string, string> }> = [
  ...STORE_BACKENDS.map((backend) => ({ backend, env: {} })),
  { backend: ON_REDIS, env: { NEZHA_REDIS_URL: REDIS_URL ?? '', NEZHA_REDIS_KEY_PREFIX: REDIS_PREFIX } },
];

export interface AsyncEventJson {
  id: string;
  channel_id: string;
  job_id: string;
  user_id: number;
  status: string;
  errors: Array<{ message: string; error_type: string }>;
  result_url: string | null;
}
