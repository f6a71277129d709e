// Password guessing against every login path: bursts are answered 429 with Retry-After, per username and address.
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/security/passwords.js';
import { findRoleByName } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { loginForm, startTestApp, type TestApp } from '../support/test-app.js';

const LIMIT = 3;

describe('login throttling', () => {
  let t: TestApp;

  async function addUser(username: string): Promise<number> {
    const gamma = await findRoleByName(t.ctx.store.db, 'Gamma');
    return createUser(t.ctx.store.db, {
      username,
      first_name: username,
      last_name: 'Test',
      email: `${username}@example.com`,
      active: true,
      roleIds: [gamma!.id],
      passwordHash: await hashPassword(`${username}-password`),
    });
  }

  const apiLogin = (username: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username, password, provider: 'db' },
      remoteAddress,
      headers,
    });

  async function formLogin(username: string, password: string, remoteAddress: string) {
    const form = await loginForm(t.app, remoteAddress);
    return t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username, password },
      headers: form.headers,
      remoteAddress,
    });
  }

  const failedLogins = async (username: string) =>
    (
      await t.ctx.store.db
        .selectFrom('ab_user')
        .select('fail_login_count')
        .where('username', '=', username)
        .executeTakeFirstOrThrow()
    ).fail_login_count;

  function expectThrottled(response: LightMyRequestResponse): void {
    expect(response.statusCode).toBe(429);
    const retryAfter = Number(response.headers['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1).toBe(true);
    expect(response.json().message).toMatch(/Too many login attempts/);
  }

  beforeAll(async () => {
    t = await startTestApp({
      // A window long enough that a burst (each try hashes a password) ends inside it on a loaded machine, and
      // short enough for the last test to wait it out.
      env: {
        NEZHA_AUTH_RATE_LIMIT: `${LIMIT} per 8 seconds`,
        NEZHA_AUTH_RATE_LIMIT_PER_ADDRESS: `${LIMIT} per 8 seconds`,
      },
    });
    for (const name of ['alice', 'bob', 'carol', 'dave']) await addUser(name);
  });
  afterAll(() => t.close());

  it('a burst of 20 wrong passwords checks at most the limit and answers the rest 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => apiLogin('alice', `guess-${i}`, '10.0.0.1')),
    );
    const refused = answers.filter((a) => a.statusCode === 401);
    const throttled = answers.filter((a) => a.statusCode === 429);
    expect(refused.length).toBeLessThanOrEqual(LIMIT);
    expect(refused.length + throttled.length).toBe(20);
    for (const answer of throttled) expectThrottled(answer);
    // Only the attempts let through reached the password check.
    expect(await failedLogins('alice')).toBe(refused.length);

    // The form path is held by the same count, even with the right password and from another address.
    expectThrottled(await formLogin('alice', 'alice-password', '10.0.0.9'));
    expectThrottled(await apiLogin('ALICE', 'alice-password', '10.0.0.9'));
  });

  it('a storm against one user does not lock out another user from another address', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, i) => apiLogin('carol', `guess-${i}`, '10.0.1.1')));
    expectThrottled(await apiLogin('carol', 'carol-password', '10.0.1.1'));
    const bob = await formLogin('bob', 'bob-password', '10.0.1.2');
    expect(bob.statusCode).toBe(200);
    expect((await apiLogin('bob', 'bob-password', '10.0.1.2')).statusCode).toBe(200);
  });

  it('one address spraying many usernames is held by the per-address count, whatever X-Forwarded-For says', async () => {
    // Without NEZHA_TRUST_PROXY the header is the client's own word and must not give it a new address.
    const spray = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        apiLogin(`nobody-${i}`, 'guess', '10.0.2.1', { 'x-forwarded-for': `192.0.2.${i}` }),
      ),
    );
    expect(spray.filter((a) => a.statusCode === 401).length).toBeLessThanOrEqual(LIMIT);
    expectThrottled(await apiLogin('dave', 'dave-password', '10.0.2.1', { 'x-forwarded-for': '192.0.2.200' }));
    expect((await apiLogin('dave', 'dave-password', '10.0.2.2')).statusCode).toBe(200);
  });

  it('a correct login succeeds once the window has passed', async () => {
    await Promise.all(Array.from({ length: 8 }, (_, i) => apiLogin('dave', `guess-${i}`, '10.0.3.1')));
    const first = await apiLogin('dave', 'dave-password', '10.0.3.1');
    expectThrottled(first);
    // Poll for the state the Retry-After announces; throttled tries are not counted, so polling cannot extend it.
    const deadline = Date.now() + (Number(first.headers['retry-after']) + 5) * 1000;
    let answer = first;
    while (answer.statusCode === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      answer = await apiLogin('dave', 'dave-password', '10.0.3.1');
    }
    expect(answer.statusCode).toBe(200);
    expect(typeof answer.json().access_token).toBe('string');
  });
});
