// Sign-in, tokens, CSRF and the declared access rules, through the HTTP API.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/security/passwords.js';
import { findRoleByName } from '../../src/store/permissions.js';
import { createUser } from '../../src/store/users.js';
import { ADMIN, loginForm, startTestApp, type TestApp } from '../support/test-app.js';

describe('security API', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
    const gamma = await findRoleByName(t.ctx.store.db, 'Gamma');
    await createUser(t.ctx.store.db, {
      username: 'gamma',
      first_name: 'Gam',
      last_name: 'Ma',
      email: 'gamma@example.com',
      active: true,
      roleIds: [gamma!.id],
      passwordHash: await hashPassword('gamma-password'),
    });
  });
  afterAll(() => t.close());

  it('a wrong password and an unknown user get the same 401 message', async () => {
    const form = await loginForm(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username: 'admin', password: 'nope' },
      headers: form.headers,
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/login/',
      payload: { username: 'nobody', password: 'nope' },
      headers: form.headers,
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: 'Invalid login. Please try again.' });
    expect(unknown.json()).toEqual(wrong.json());
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('API clients log in for bearer tokens in Superset shapes', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: ADMIN.username, password: ADMIN.password, provider: 'db', refresh: true },
    });
    expect(login.statusCode).toBe(200);
    const { access_token, refresh_token } = login.json() as { access_token: string; refresh_token: string };
    expect(access_token.split('.')).toHaveLength(3);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().result).toMatchObject({ username: 'admin', is_anonymous: false });

    // A refresh token is not an access token, but buys a new one.
    const misuse = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${refresh_token}` },
    });
    expect(misuse.statusCode).toBe(401);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/refresh',
      headers: { authorization: `Bearer ${refresh_token}` },
    });
    expect(refreshed.statusCode).toBe(200);
    expect(typeof refreshed.json().access_token).toBe('string');

    // Bearer callers are not subject to CSRF: browsers never attach the header on their own.
    const write = await t.app.inject({
      method: 'POST',
      url: '/nezha/log/',
      headers: { authorization: `Bearer ${access_token}` },
      payload: { events: [{ event_name: 'from_api' }] },
    });
    expect(write.statusCode).toBe(200);
  });

  it('a tampered token is refused', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/security/login',
      payload: { username: ADMIN.username, password: ADMIN.password },
    });
    const token = (login.json() as { access_token: string }).access_token;
    const [head, body] = token.split('.');
    const forged = `${head}.${body}.${'A'.repeat(43)}`;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/v1/me/',
      headers: { authorization: `Bearer ${forged}` },
    });
    expect(me.statusCode).toBe(401);
  });

  it('the session cookie is HttpOnly and /me/roles/ has the spec user shape', async () => {
    const form = await loginForm(t.app);
    const response = await t.app.inject({ method: 'POST', url: '/login/', payload: ADMIN, headers: form.headers });
    expect(String(response.headers['set-cookie'])).toMatch(/nezha_session=.+HttpOnly/i);
    const session = await t.login();
    const roles = await session.request({ method: 'GET', url: '/api/v1/me/roles/' });
    expect(roles.statusCode).toBe(200);
    const result = roles.json().result as {
      username: string;
      userId: number;
      roles: Record<string, [string, string][]>;
    };
    expect(result.username).toBe('admin');
    expect(typeof result.userId).toBe('number');
    expect(result.roles.Admin).toContainEqual(['can_write', 'Database']);
  });

  it('an unsafe call from a session without the CSRF token gets the CSRF error and changes nothing', async () => {
    const session = await t.login();
    const before = await session.request({ method: 'GET', url: '/api/v1/security/roles/' });
    const response = await session.request({
      method: 'POST',
      url: '/api/v1/security/roles/',
      payload: { name: 'sneaky' },
      csrf: false,
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('CSRF token');
    expect(response.json().errors[0]).toMatchObject({ error_type: 'GENERIC_BACKEND_ERROR', extra: { csrf: true } });
    const after = await session.request({ method: 'GET', url: '/api/v1/security/roles/' });
    expect(after.json().count).toBe(before.json().count);

    const token = await session.request({ method: 'GET', url: '/api/v1/security/csrf_token/' });
    expect(token.json().result).toBe(session.csrf);
  });

  it('a Gamma user calling an admin route gets 403', async () => {
    const gamma = await t.login('gamma', 'gamma-password');
    const users = await gamma.request({ method: 'GET', url: '/api/v1/security/users/' });
    expect(users.statusCode).toBe(403);
    const create = await gamma.request({
      method: 'POST',
      url: '/api/v1/database/',
      payload: { database_name: 'x', sqlalchemy_uri: 'sqlite:///x.db' },
    });
    expect(create.statusCode).toBe(403);
  });

  it('anonymous callers get 401 on protected routes and the bootstrap says no user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/me/' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/database/' })).statusCode).toBe(401);
    const boot = await t.app.inject({ method: 'GET', url: '/api/v1/bootstrap/' });
    expect(boot.json().result.user).toBeNull();
    expect(boot.json().result.common.conf.DEFAULT_SQLLAB_LIMIT).toBe(1000);
    // The async event transport travels with the settings the browser reads at start.
    expect(boot.json().result.common.conf.GLOBAL_ASYNC_QUERIES_TRANSPORT).toBe('ws');
  });

  it('logout ends the session', async () => {
    const session = await t.login();
    expect((await session.request({ method: 'POST', url: '/logout/' })).statusCode).toBe(200);
    expect((await session.request({ method: 'GET', url: '/api/v1/me/' })).statusCode).toBe(401);
  });

  it('admins manage users and roles; bad input is refused with field messages', async () => {
    const admin = await t.login();
    const bad = await admin.request({
      method: 'POST',
      url: '/api/v1/security/users/',
      payload: { username: '', email: 'nope', password: 'short' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().message)).toEqual(expect.arrayContaining(['username', 'email', 'password']));

    const role = await admin.request({
      method: 'POST',
      url: '/api/v1/security/roles/',
      payload: { name: 'analyst', permission_ids: [] },
    });
    expect(role.statusCode).toBe(201);
    const roleId = role.json().id as number;
    const perms = await admin.request({ method: 'GET', url: '/api/v1/security/permissions-resources/' });
    const chartRead = (
      perms.json().result as Array<{ id: number; permission: { name: string }; view_menu: { name: string } }>
    ).find((p) => p.permission.name === 'can_read' && p.view_menu.name === 'Chart');
    const updated = await admin.request({
      method: 'PUT',
      url: `/api/v1/security/roles/${roleId}`,
      payload: { permission_ids: [chartRead!.id] },
    });
    expect(updated.json().result.permissions).toEqual([
      { id: chartRead!.id, permission_name: 'can_read', view_menu_name: 'Chart' },
    ]);

    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/security/users/',
      payload: {
        username: 'ann',
        first_name: 'Ann',
        last_name: 'Lyst',
        email: 'ann@example.com',
        roles: [roleId],
        password: 'ann-password',
      },
    });
    expect(created.statusCode).toBe(201);
    const dup = await admin.request({
      method: 'POST',
      url: '/api/v1/security/users/',
      payload: {
        username: 'ann',
        first_name: 'A',
        last_name: 'B',
        email: 'other@example.com',
        roles: [],
        password: 'ann-password',
      },
    });
    expect(dup.statusCode).toBe(422);
    const list = await admin.request({
      method: 'GET',
      url: '/api/v1/security/users/?q=(filters:!((col:username,opr:eq,value:ann)))',
    });
    expect(list.json().result[0].roles).toEqual([{ id: roleId, name: 'analyst' }]);

    const ann = await t.login('ann', 'ann-password');
    expect((await ann.request({ method: 'GET', url: '/api/v1/me/' })).statusCode).toBe(200);
    const builtin = await admin.request({
      method: 'DELETE',
      url: `/api/v1/security/roles/${(await findRoleByName(t.ctx.store.db, 'Gamma'))!.id}`,
    });
    expect(builtin.statusCode).toBe(422);
  });

  it('malformed rison and unknown list columns are 400s', async () => {
    const admin = await t.login();
    const bad = await admin.request({ method: 'GET', url: '/api/v1/security/users/?q=(filters:!((col:username' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json())).toContain('Not a valid rison argument');
    const col = await admin.request({
      method: 'GET',
      url: '/api/v1/security/users/?q=(filters:!((col:password,opr:eq,value:x)))',
    });
    expect(col.statusCode).toBe(400);
  });
});
