// Malformed bodies, rison and paths sent to every registered route as an admin and as Gamma: never a 5xx, every
// error a JSON body without a stack trace, nothing polluted, and the server alive afterwards.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app/build-app.js';
import { malformed, prng, seedOf } from './fuzz-inputs.js';
import { FILLERS } from './route-fillers.js';
import { registeredRoutes } from './route-table.js';
import { buildWorld, type Caller, type World } from './world.js';

/** NEZHA_FUZZ_SEED explores other inputs; a failure names the seed of its route, so a run reproduces. */
const BASE_SEED = Number(process.env.NEZHA_FUZZ_SEED ?? 20_261_125);
/** Malformed requests per route and caller: about 147 routes × 2 callers × 12 ≈ 3500 requests. */
const PER_ROUTE = 12;

const ROUTES = (await registeredRoutes()).filter(
  (route) => route.method !== 'HEAD' && route.url !== '/health' && !route.url.startsWith('/static'),
);

/** Lines of a Node stack trace or a source path: what an answer must never show. */
const STACK = /\n\s+at |node_modules|\.ts:\d+:\d+|\.js:\d+:\d+/;

let w: World;
let started = 0;
let sent = 0;
beforeAll(async () => {
  w = await buildWorld();
  started = Date.now();
}, 120_000);
afterAll(async () => {
  if (started > 0) console.info(`fuzz: ${sent} requests in ${Date.now() - started} ms`);
  await w?.t.close();
});

function problem(response: LightMyRequestResponse): string | undefined {
  if (response.statusCode >= 500) return `answered ${response.statusCode}`;
  if (STACK.test(response.body)) return 'shows a stack trace or source path';
  if (response.statusCode >= 400) {
    const type = String(response.headers['content-type'] ?? '');
    if (!type.includes('application/json')) return `error answer is ${type || 'untyped'}, not JSON`;
    try {
      JSON.parse(response.body);
    } catch {
      return 'error answer is not valid JSON';
    }
  }
  return undefined;
}

async function fuzzRoute(route: RegisteredRoute, caller: Caller): Promise<string[]> {
  const key = `${route.method} ${route.url}`;
  const filler = FILLERS[key];
  if (!filler) throw new Error(`no request filler for ${key}: add one to route-fillers.ts`);
  const prepared = await filler.prepare(w);
  const seed = seedOf(`${caller.name} ${key}`, BASE_SEED);
  const random = prng(seed);
  const failures: string[] = [];
  for (let i = 0; i < PER_ROUTE; i++) {
    const request = malformed(prepared, route.method, random);
    const response = await caller.request(request);
    if (filler.revokesCallerTokens) await caller.renew();
    sent++;
    const found = problem(response);
    if (found) {
      const shown = typeof request.payload === 'string' ? request.payload.slice(0, 200) : '';
      failures.push(
        `${caller.name} #${i} (seed ${seed}) ${request.method} ${String(request.url).slice(0, 200)} ${found}\n` +
          `  sent: ${JSON.stringify(request.headers ?? {})} ${shown}\n  got: ${response.body.slice(0, 300)}`,
      );
    }
  }
  return failures;
}

describe('fuzzing every route', () => {
  for (const route of ROUTES) {
    it(`${route.method} ${route.url}`, async () => {
      const failures = [...(await fuzzRoute(route, w.callers.Admin)), ...(await fuzzRoute(route, w.callers.Gamma))];
      expect(failures, failures.join('\n')).toEqual([]);
      expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
    });
  }

  it('the server is alive and answers as before after the fuzzing', async () => {
    expect((await w.callers.anonymous.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
    const me = await w.callers.Gamma.request({ method: 'GET', url: '/api/v1/me/' });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.username).toBe('gamma');
    expect(sent).toBeGreaterThan(ROUTES.length * 2 * PER_ROUTE - 1);
  });
});
