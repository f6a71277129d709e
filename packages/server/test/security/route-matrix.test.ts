// Every registered route × every caller: refusals where the declared access says so, no leak of another user's
// objects beyond the documented cells, no change to objects the caller does not own, never a 5xx.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/app/build-app.js';
import type { Access } from '../../src/security/access.js';
import { isAdminCaller, mayCall, mayModifyOwners, maySeeMarker } from './expectations.js';
import { FILLERS, type Filler, type Prepared } from './route-fillers.js';
import { registeredRoutes } from './route-table.js';
import { buildWorld, CALLER_NAMES, type Caller, MARKER, type World } from './world.js';

const ROUTES = await registeredRoutes();
/** Served without an access rule on purpose: the liveness probe and the built web app's files. */
const isUnguarded = (route: RegisteredRoute) => route.url === '/health' || route.url.startsWith('/static');
const keyOf = (route: RegisteredRoute) => `${route.method} ${route.url}`;
const CALLABLE = ROUTES.filter((route) => !isUnguarded(route) && route.method !== 'HEAD');
/** Fastify answers HEAD with the GET handler; each is checked against its GET twin. */
const HEADS = ROUTES.filter((route) => !isUnguarded(route) && route.method === 'HEAD');

/** The route's filler; a route nobody taught the matrix to call fails here, by name, instead of being skipped. */
function fillerFor(key: string): Filler {
  const filler = FILLERS[key];
  if (!filler) throw new Error(`no request filler for ${key}: add one to route-fillers.ts`);
  return filler;
}

const MARKER_PATTERN = new RegExp(MARKER, 'i');

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 120_000);
afterAll(async () => {
  await w?.t.close();
});

/** An answer with the fields that change by themselves (humanized ages) taken out. */
function stable(response: LightMyRequestResponse): unknown {
  const text = response.body.replace(/"[a-z_]*humanized"\s*:\s*"[^"]*"/g, '"humanized":""');
  return { status: response.statusCode, body: text };
}

async function readGuard(guard: NonNullable<Prepared['guard']>) {
  const reader = guard.as === 'admin' ? w.admin : w.owner.session;
  return stable(await reader.request({ method: 'GET', url: guard.url }));
}

function expectedAdminStatus(
  filler: Filler,
  prepared: Prepared,
  access: Access,
  admin: Caller,
): number | 'success' | 'refused' {
  if (filler.adminStatus) return filler.adminStatus;
  if (prepared.guard && !mayModifyOwners(admin, access, filler.visibility)) return 'refused';
  return 'success';
}

async function checkCell(route: RegisteredRoute, caller: Caller): Promise<void> {
  const access = route.access as Access;
  const filler = fillerFor(keyOf(route));
  const prepared = await filler.prepare(w);
  const before = prepared.guard ? await readGuard(prepared.guard) : undefined;
  if (before) expect((before as { status: number }).status, `guard ${prepared.guard?.url} readable`).toBe(200);

  const response = await caller.request({
    method: route.method as 'GET',
    url: prepared.url,
    ...(prepared.payload === undefined ? {} : { payload: prepared.payload }),
    ...(prepared.headers ? { headers: prepared.headers } : {}),
  });
  if (filler.revokesCallerTokens) await caller.renew();
  const status = response.statusCode;
  const what = `${caller.name} ${route.method} ${prepared.url} → ${status} ${response.body.slice(0, 300)}`;
  expect(status, what).toBeLessThan(500);

  if (!mayCall(caller, access)) {
    expect(status, what).toBe(caller.userId === undefined ? 401 : 403);
  }
  if (!maySeeMarker(caller, access, filler.visibility, w.objects)) {
    expect(response.body, `${what}\nleaks the owner's objects`).not.toMatch(MARKER_PATTERN);
  }
  if (prepared.guard) {
    const after = await readGuard(prepared.guard);
    if (mayModifyOwners(caller, access, filler.visibility)) {
      if (filler.adminStatus) expect(status, what).toBe(filler.adminStatus);
      else expect(status, what).toBeLessThan(300);
    } else {
      expect([401, 403, 404], what).toContain(status);
      expect(after, `${what}\nchanged an object it may not change`).toEqual(before);
    }
  }
  if (isAdminCaller(caller)) {
    // The request must be one the route accepts, or the other cells prove nothing.
    const expected = expectedAdminStatus(filler, prepared, access, caller);
    if (expected === 'success') expect(status, `the filler's request is refused: ${what}`).toBeLessThan(300);
    else if (expected === 'refused') expect([403, 404], what).toContain(status);
    else expect(status, what).toBe(expected);
  }
}

describe('route × role matrix', () => {
  it('every registered route declares an access rule and has a request filler', () => {
    const missing = CALLABLE.filter((route) => !(keyOf(route) in FILLERS)).map(keyOf);
    expect(missing, 'routes the matrix does not know how to call').toEqual([]);
    const unknown = Object.keys(FILLERS).filter((key) => !CALLABLE.some((route) => keyOf(route) === key));
    expect(unknown, 'fillers for routes that are no longer registered').toEqual([]);
    for (const route of CALLABLE) expect(route.access, keyOf(route)).not.toBeNull();
  });

  it('the liveness probe answers anyone', async () => {
    expect((await w.callers.anonymous.request({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });

  for (const route of CALLABLE) {
    describe(keyOf(route), () => {
      for (const name of CALLER_NAMES) it(name, async () => checkCell(route, w.callers[name]));
    });
  }

  describe('HEAD answers as its GET', () => {
    for (const route of HEADS) {
      it(route.url, async () => {
        const filler = fillerFor(`GET ${route.url}`);
        const prepared = await filler.prepare(w);
        for (const name of CALLER_NAMES) {
          const caller = w.callers[name];
          const head = await caller.request({ method: 'HEAD', url: prepared.url });
          const get = await caller.request({ method: 'GET', url: prepared.url });
          expect(head.statusCode, `${name} HEAD ${prepared.url}`).toBeLessThan(500);
          expect(head.statusCode, `${name} HEAD ${prepared.url}`).toBe(get.statusCode);
          expect(head.body, `${name} HEAD ${prepared.url}`).toBe('');
        }
      });
    }
  });
});

describe('semantic objects on a dataset the caller reads but does not own', () => {
  for (const key of ['POST /api/v1/measure/', 'POST /api/v1/cohort/', 'POST /api/v1/dataset/saved_column/']) {
    it(`${key} is refused to Gamma with datasource_access on it`, async () => {
      const [method, url] = key.split(' ') as ['POST', string];
      const prepared = await fillerFor(key).prepare(w);
      expect(prepared.url).toBe(url);
      const response = await w.callers.Gamma_granted.request({ method, url, payload: prepared.payload });
      expect([403, 404], response.body).toContain(response.statusCode);
    });
  }
});

describe('cookie sessions', () => {
  const UNSAFE = CALLABLE.filter((route) => route.method !== 'GET' && !route.csrfExempt);

  for (const route of UNSAFE) {
    it(`${keyOf(route)} without the CSRF header changes nothing, even for an admin`, async () => {
      const filler = fillerFor(keyOf(route));
      for (const session of [w.admin, w.callers.Gamma.session]) {
        const prepared = await filler.prepare(w);
        const before = prepared.guard ? await readGuard(prepared.guard) : undefined;
        const response = await session?.request({
          method: route.method as 'POST',
          url: prepared.url,
          csrf: false,
          ...(prepared.payload === undefined ? {} : { payload: prepared.payload }),
          ...(prepared.headers ? { headers: prepared.headers } : {}),
        });
        expect(response?.statusCode, response?.body).toBe(400);
        expect(response?.json().errors[0].extra.csrf).toBe(true);
        if (prepared.guard) expect(await readGuard(prepared.guard)).toEqual(before);
      }
    });
  }

  it('with the CSRF header a Gamma session is refused the owner’s chart and dashboard as with a token', async () => {
    const gamma = w.callers.Gamma.session;
    const chart = await w.copy.chart();
    const dashboard = await w.copy.dashboard();
    for (const [url, payload] of [
      [`/api/v1/chart/${chart}`, { slice_name: 'taken' }],
      [`/api/v1/dashboard/${dashboard}`, { dashboard_title: 'taken' }],
    ] as const) {
      const before = stable(await w.admin.request({ method: 'GET', url }));
      const response = await gamma?.request({ method: 'PUT', url, payload });
      expect([403, 404]).toContain(response?.statusCode);
      expect(response?.body).not.toMatch(MARKER_PATTERN);
      expect(stable(await w.admin.request({ method: 'GET', url }))).toEqual(before);
    }
  });

  it('a session cookie of a signed-out user opens nothing', async () => {
    const fresh = await w.t.login('sqllab', 'sqllab-password');
    expect((await fresh.request({ method: 'POST', url: '/logout/' })).statusCode).toBeLessThan(300);
    const after = await fresh.request({ method: 'GET', url: '/api/v1/me/' });
    expect(after.statusCode).toBe(401);
  });
});
