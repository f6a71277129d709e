// PUT /api/v1/me/password/: a user changes their own password. The current one is checked (and throttled like a
// login), the new one follows the users admin's rule, and on success every other session and every bearer token of
// the user ends while the session that asked stays; no request through it reaches another user's password.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../support/dataset-fixtures.js';
import { STORE_BACKENDS, type StoreBackend } from '../support/sqllab-fixtures.js';
import { ADMIN, type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { title } from './chart-harness.js';

const URL = '/api/v1/me/password/';

function useApp(backend: StoreBackend, env: Record<string, string> = {}): { t: TestApp } {
  const holder = {} as { t: TestApp };
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    drop = opened.drop;
    holder.t = await startTestApp({ ...(opened.storeUrl ? { storeUrl: opened.storeUrl } : {}), env });
  });
  afterAll(async () => {
    await holder.t?.close();
    await drop();
  });
  return holder;
}

async function storedHash(t: TestApp, id: number): Promise<string | null> {
  const row = await t.ctx.store.db.selectFrom('ab_user').select('password').where('id', '=', id).executeTakeFirst();
  return row?.password ?? null;
}

async function bearer(t: TestApp, username: string, password: string) {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v1/security/login',
    payload: { username, password, provider: 'db', refresh: true },
  });
  expect(login.statusCode).toBe(200);
  return login.json() as { access_token: string; refresh_token: string };
}

const meStatus = async (session: Session) => (await session.request({ method: 'GET', url: '/api/v1/me/' })).statusCode;

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('own password change', backend), () => {
    const w = useApp(backend);

    it('refuses a wrong current password and changes nothing', async () => {
      const { t } = w;
      const { id, session } = await addUser(t, 'wrongpw', ['Gamma']);
      const other = await t.login('wrongpw', 'wrongpw-password');
      const before = await storedHash(t, id);
      const response = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'not-my-password', new_password: 'a-brand-new-one' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: { current_password: ['The current password is not correct.'] } });
      expect(await storedHash(t, id)).toBe(before);
      expect(await meStatus(other)).toBe(200);
      await t.login('wrongpw', 'wrongpw-password');
    });

    it("applies the users admin's rule to the new password", async () => {
      const { t } = w;
      const { session } = await addUser(t, 'shortpw', ['Gamma']);
      const short = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'shortpw-password', new_password: 'short' },
      });
      expect(short.statusCode).toBe(400);
      expect(short.json()).toEqual({ message: { new_password: ['Password must be at least 8 characters long.'] } });
      const same = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'shortpw-password', new_password: 'shortpw-password' },
      });
      expect(same.statusCode).toBe(400);
      // Without the CSRF header a cookie session cannot change it (a forged cross-site form).
      const forged = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'shortpw-password', new_password: 'long-enough-1' },
        csrf: false,
      });
      expect(forged.statusCode).toBe(400);
      expect(forged.body).toContain('CSRF');
      await t.login('shortpw', 'shortpw-password');
    });

    it('on success ends the other sessions and the API tokens, and keeps the session that asked', async () => {
      const { t } = w;
      const { id, session } = await addUser(t, 'changer', ['Gamma']);
      const other = await t.login('changer', 'changer-password');
      const tokens = await bearer(t, 'changer', 'changer-password');
      const response = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'changer-password', new_password: 'changer-new-password' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'OK' });

      expect(await meStatus(session)).toBe(200);
      expect(await meStatus(other)).toBe(401);
      const withToken = await t.app.inject({
        method: 'GET',
        url: '/api/v1/me/',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(withToken.statusCode).toBe(401);
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/api/v1/security/refresh',
        headers: { authorization: `Bearer ${tokens.refresh_token}` },
      });
      expect(refresh.statusCode).toBe(401);
      const sessions = await t.ctx.store.db.selectFrom('sessions').select('id').where('user_id', '=', id).execute();
      expect(sessions).toHaveLength(1);

      await expect(t.login('changer', 'changer-password')).rejects.toThrow(/401/);
      await t.login('changer', 'changer-new-password');
      // A password check is not a login: only the four real ones (two sessions, the API, the new password) count.
      const row = await t.ctx.store.db
        .selectFrom('ab_user')
        .select('login_count')
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row?.login_count).toBe(4);
    });

    it("cannot reach another user's password: the body names no user, and the admin's hash stays", async () => {
      const { t } = w;
      const adminRow = await t.ctx.store.db
        .selectFrom('ab_user')
        .select(['id', 'password'])
        .where('username', '=', ADMIN.username)
        .executeTakeFirstOrThrow();
      const { session } = await addUser(t, 'intruder', ['Gamma']);
      for (const extra of [{ username: ADMIN.username }, { id: adminRow.id }, { user_id: adminRow.id }]) {
        const response = await session.request({
          method: 'PUT',
          url: URL,
          payload: { current_password: 'intruder-password', new_password: 'taken-over-1', ...extra },
        });
        expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      }
      // The admin's password as the current one is simply wrong for this caller.
      const guess = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: ADMIN.password, new_password: 'taken-over-1' },
      });
      expect(guess.statusCode).toBe(400);
      // The admin API stays closed to a Gamma user.
      const adminApi = await session.request({
        method: 'PUT',
        url: `/api/v1/security/users/${adminRow.id}`,
        payload: { password: 'taken-over-1' },
      });
      expect(adminApi.statusCode).toBe(403);
      // The caller's own change goes through and touches only the caller.
      const own = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'intruder-password', new_password: 'intruder-new-password' },
      });
      expect(own.statusCode).toBe(200);
      expect(await storedHash(t, adminRow.id)).toBe(adminRow.password);
      await t.login(ADMIN.username, ADMIN.password);
      expect((await t.app.inject({ method: 'PUT', url: URL, payload: {} })).statusCode).toBe(401);
    });

    it('GET /api/v1/me/ adds what the user info page shows', async () => {
      const { t } = w;
      const { session } = await addUser(t, 'infouser', ['Gamma']);
      const me = (await session.request({ method: 'GET', url: '/api/v1/me/' })).json().result;
      expect(me).toMatchObject({ username: 'infouser', email: 'infouser@example.com', login_count: 1 });
      expect(me.roles).toEqual(['Gamma']);
      expect(typeof me.last_login).toBe('string');
    });
  });

  describe.skipIf(!backend.url)(title('own password change throttle', backend), () => {
    const w = useApp(backend, {
      NEZHA_AUTH_RATE_LIMIT: '3 per hour',
      NEZHA_AUTH_RATE_LIMIT_PER_ADDRESS: '100 per hour',
    });

    it('guesses of the current password are throttled like logins, and the right one is then refused too', async () => {
      const { t } = w;
      const { id, session } = await addUser(t, 'guessed', ['Gamma']);
      const before = await storedHash(t, id);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const response = await session.request({
          method: 'PUT',
          url: URL,
          payload: { current_password: `guess-${i}`, new_password: 'guessed-new-password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429]);
      const right = await session.request({
        method: 'PUT',
        url: URL,
        payload: { current_password: 'guessed-password', new_password: 'guessed-new-password' },
      });
      expect(right.statusCode).toBe(429);
      expect(right.headers['retry-after']).toBeDefined();
      expect(await storedHash(t, id)).toBe(before);
    });
  });
}
