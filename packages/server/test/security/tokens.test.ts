// Stolen or stale credentials: rotated refresh tokens, tokens from before a logout or password change, login CSRF,
// and the session cookie's flags.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/security/passwords.js';
import { findRoleByName } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { ADMIN, loginForm, startTestApp, type TestApp } from '../support/test-app.js';

interface Tokens {
  access_token: string;
  refresh_token: string;
}

describe('bearer tokens and login CSRF', () => {
  let t: TestApp;
  let bobId: number;

  async function apiLogin(username: string, password: string): Promise<Tokens> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username, password, provider: 'db', refresh: true },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as Tokens;
  }
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/v1/me/', headers: { authorization: `Bearer ${token}` } });
  const refresh = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/security/refresh', headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    t = await startTestApp();
    const gamma = await findRoleByName(t.ctx.store.db, 'Gamma');
    bobId = await createUser(t.ctx.store.db, {
      username: 'bob',
      first_name: 'Bob',
      last_name: 'Test',
      email: 'bob@example.com',
      active: true,
      roleIds: [gamma!.id],
      passwordHash: await hashPassword('bob-password'),
    });
  });
  afterAll(() => t.close());

  it('a refresh token works once: reusing a rotated one is 401, its successor works', async () => {
    const first = await apiLogin('bob', 'bob-password');
    const rotated = await refresh(first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json() as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token)).statusCode).toBe(200);

    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    // Two uses at once (a race between a thief and the owner) give one new token, not two.
    const raced = await Promise.all([refresh(second.refresh_token), refresh(second.refresh_token)]);
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('tokens issued before a logout are refused, access and refresh alike', async () => {
    const before = await apiLogin('bob', 'bob-password');
    expect((await me(before.access_token)).statusCode).toBe(200);
    const logout = await t.app.inject({
      method: 'POST',
      url: '/logout/',
      headers: { authorization: `Bearer ${before.access_token}` },
    });
    expect(logout.statusCode).toBe(200);
    expect((await me(before.access_token)).statusCode).toBe(401);
    expect((await refresh(before.refresh_token)).statusCode).toBe(401);
    // A new login is not affected.
    const after = await apiLogin('bob', 'bob-password');
    expect((await me(after.access_token)).statusCode).toBe(200);
  });

  it('tokens issued before a password change are refused', async () => {
    const before = await apiLogin('bob', 'bob-password');
    const admin = await t.login();
    const change = await admin.request({
      method: 'PUT',
      url: `/api/v1/security/users/${bobId}`,
      payload: { password: 'bob-new-password' },
    });
    expect(change.statusCode).toBe(200);
    expect((await me(before.access_token)).statusCode).toBe(401);
    expect((await refresh(before.refresh_token)).statusCode).toBe(401);
    const after = await apiLogin('bob', 'bob-new-password');
    expect((await me(after.access_token)).statusCode).toBe(200);
  });

  it('the login form without its CSRF token gets the CSRF error and no session', async () => {
    const missing = await t.app.inject({ method: 'POST', url: '/login/', payload: ADMIN });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors[0]).toMatchObject({
      message: 'The CSRF token is missing or invalid.',
      extra: { csrf: true },
    });
    expect(missing.headers['set-cookie']).toBeUndefined();

    // A token is bound to its cookie: an attacker's own token does not fit the victim's cookie (or no cookie).
    const attacker = await loginForm(t.app);
    const victim = await loginForm(t.app);
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: ADMIN,
      headers: { cookie: victim.cookie, 'x-csrftoken': attacker.token },
    });
    expect(mismatched.statusCode).toBe(400);
    const tokenOnly = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: ADMIN,
      headers: { 'x-csrftoken': attacker.token },
    });
    expect(tokenOnly.statusCode).toBe(400);
  });

  it('the login form with its CSRF token signs in, as JSON or as a posted form', async () => {
    const form = await loginForm(t.app);
    const json = await t.app.inject({ method: 'POST', url: '/login/', payload: ADMIN, headers: form.headers });
    expect(json.statusCode).toBe(200);

    const posted = await loginForm(t.app);
    const urlencoded = await t.app.inject({
      method: 'POST',
      url: '/login/',
      headers: { cookie: posted.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ ...ADMIN, csrf_token: posted.token }).toString(),
    });
    expect(urlencoded.statusCode).toBe(200);
    expect(String(urlencoded.headers['set-cookie'])).toMatch(/nezha_session=/);
  });

  it('the API login stays exempt for bearer clients', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/security/login', payload: ADMIN });
    expect(response.statusCode).toBe(200);
  });

  it('the session cookie is HttpOnly and SameSite=Lax, without Secure over plain HTTP', async () => {
    const form = await loginForm(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/login/', payload: ADMIN, headers: form.headers });
    const cookie = sessionCookie(response.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    // X-Forwarded-Proto is not believed without NEZHA_TRUST_PROXY.
    const spoofed = await loginForm(t.app);
    const forwarded = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: ADMIN,
      headers: { ...spoofed.headers, 'x-forwarded-proto': 'https' },
    });
    expect(sessionCookie(forwarded.headers['set-cookie'])).not.toMatch(/Secure/i);
  });
});

function sessionCookie(header: string | string[] | number | undefined): string {
  const all = Array.isArray(header) ? header : [String(header ?? '')];
  return all.find((c) => c.startsWith('nezha_session=')) ?? '';
}

describe('Secure session cookies', () => {
  it('over HTTPS behind a trusted proxy, or when NEZHA_SESSION_COOKIE_SECURE says so', async () => {
    for (const [env, headers] of [
      [{ NEZHA_TRUST_PROXY: 'true' }, { 'x-forwarded-proto': 'https' }],
      [{ NEZHA_SESSION_COOKIE_SECURE: 'true' }, {}],
    ] as const) {
      const t = await startTestApp({ env });
      try {
        const form = await loginForm(t.app);
        const response = await t.app.inject({
          method: 'POST',
          url: '/login/',
          payload: ADMIN,
          headers: { ...form.headers, ...headers },
        });
        expect(response.statusCode).toBe(200);
        const cookie = sessionCookie(response.headers['set-cookie']);
        expect(cookie).toMatch(/; Secure/i);
        expect(cookie).toMatch(/HttpOnly/i);
        expect(cookie).toMatch(/SameSite=Lax/i);
      } finally {
        await t.close();
      }
    }
  });
});
