// Embedded dashboard configuration (Superset's shapes), the embedded page's framing rules and the guest token grant.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyGuestToken } from '../../src/security/guest-token.js';
import { addUser } from '../support/dataset-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('embedded dashboards', () => {
  let t: TestApp;
  let admin: Session;
  let dashboardId: number;

  beforeAll(async () => {
    t = await startTestApp({
      env: { NEZHA_GUEST_TOKEN_JWT_EXP_SECONDS: '120', NEZHA_GUEST_TOKEN_JWT_AUDIENCE: 'host-app' },
    });
    admin = await t.login();
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: { dashboard_title: 'Sales', slug: 'sales', published: true },
    });
    dashboardId = created.json().id as number;
  });
  afterAll(async () => {
    await t?.close();
  });

  const embedded = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', payload?: unknown, who: Session = admin) =>
    who.request({
      method,
      url: '/api/v1/dashboard/sales/embedded',
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  it('is off until set, then keeps its uuid while its domains change, and is removed by DELETE', async () => {
    expect((await embedded('GET')).statusCode).toBe(404);
    const set = await embedded('POST', { allowed_domains: ['http://localhost:9000', 'https://app.example.com/'] });
    expect(set.statusCode, set.body).toBe(200);
    const result = set.json().result;
    expect(result).toMatchObject({
      dashboard_id: String(dashboardId),
      allowed_domains: ['http://localhost:9000', 'https://app.example.com'],
    });
    expect(result.uuid).toMatch(/^[0-9a-f-]{36}$/);
    const changed = await embedded('PUT', { allowed_domains: [] });
    expect(changed.json().result).toMatchObject({ uuid: result.uuid, allowed_domains: [] });
    const byUuid = await admin.request({ method: 'GET', url: `/api/v1/embedded_dashboard/${result.uuid}` });
    expect(byUuid.json().result).toMatchObject({ uuid: result.uuid, dashboard_id: String(dashboardId) });
    expect((await embedded('DELETE')).json()).toEqual({ message: 'OK' });
    expect((await embedded('GET')).statusCode).toBe(404);
    expect((await admin.request({ method: 'GET', url: `/api/v1/embedded_dashboard/${result.uuid}` })).statusCode).toBe(
      404,
    );
  });

  it('accepts origins only as allowed domains', async () => {
    for (const domain of [
      '*',
      'example.com',
      "https://a.example.com 'unsafe-inline'",
      'https://a.com/path',
      'javascript:1',
    ]) {
      const response = await embedded('POST', { allowed_domains: [domain] });
      expect(response.statusCode, domain).toBe(400);
    }
  });

  it('leaves embedding to owners and admins holding can_set_embedded', async () => {
    const alpha = await addUser(t, 'alpha_embed', ['Alpha']);
    // Alpha holds can_set_embedded but cannot see this chartless dashboard of another's: 404, as for a missing one
    // (the route matrix covers Alpha's 403 on a dashboard it sees but does not own).
    expect((await embedded('POST', { allowed_domains: [] }, alpha.session)).statusCode).toBe(404);
    const gamma = await addUser(t, 'gamma_embed', ['Gamma']);
    // Gamma has no can_set_embedded: refused before the dashboard (which it cannot see anyway) is looked up.
    expect((await embedded('POST', { allowed_domains: [] }, gamma.session)).statusCode).toBe(403);
  });

  it('frames the page only in its allowed domains and refuses other embedding pages', async () => {
    const set = await embedded('POST', { allowed_domains: ['http://localhost:9000'] });
    const uuid = set.json().result.uuid as string;
    const page = (referer?: string) =>
      t.app.inject({ method: 'GET', url: `/embedded/${uuid}`, headers: referer ? { referer } : {} });
    const allowed = await page('http://localhost:9000/host.html');
    expect(allowed.statusCode).toBe(200);
    expect(allowed.headers['content-security-policy']).toContain('frame-ancestors http://localhost:9000');
    expect(allowed.headers['x-frame-options']).toBeUndefined();
    expect((await page('http://evil.example.com/')).statusCode).toBe(403);
    expect((await page()).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/embedded/00000000-0000-4000-8000-000000000000' })).statusCode,
    ).toBe(404);
    const other = await t.app.inject({ method: 'GET', url: '/api/v1/me/' });
    expect(other.headers['content-security-policy']).toContain("frame-ancestors 'self'");
  });

  it('grants guest tokens with the configured audience and lifetime, for embedded dashboards only', async () => {
    const uuid = (await embedded('GET')).json().result.uuid as string;
    const granted = await admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: {
        user: { username: 'visitor', first_name: 'Vi', last_name: 'Sitor' },
        resources: [{ type: 'dashboard', id: uuid }],
        rls: [{ clause: "region = 'east'" }],
      },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const token = granted.json().token as string;
    const claims = await verifyGuestToken(t.ctx.config.guestToken, token);
    expect(claims).toMatchObject({
      user: { username: 'visitor' },
      resources: [{ type: 'dashboard', id: uuid }],
      rls_rules: [{ clause: "region = 'east'" }],
    });
    const payload = JSON.parse(Buffer.from(token.split('.')[1] as string, 'base64url').toString()) as {
      exp: number;
      iat: number;
      aud: string;
    };
    expect(payload.exp - payload.iat).toBe(120);
    expect(payload.aud).toBe('host-app');
    const unknown = await admin.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: { resources: [{ type: 'dashboard', id: '00000000-0000-4000-8000-000000000000' }] },
    });
    expect(unknown.statusCode).toBe(400);
    const alpha = await t.login('alpha_embed', 'alpha_embed-password');
    const refused = await alpha.request({
      method: 'POST',
      url: '/api/v1/security/guest_token/',
      payload: { resources: [{ type: 'dashboard', id: uuid }] },
    });
    expect(refused.statusCode).toBe(403);
  });
});
