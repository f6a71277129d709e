// Dashboard custom CSS saved through the API cannot load resources from other hosts: a 400 naming what, and the
// stored CSS unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';

describe('dashboard CSS through the API', () => {
  let t: TestApp;
  let admin: Session;
  let id: number;
  const storedCss = async () =>
    (await t.ctx.store.db.selectFrom('dashboards').select('css').where('id', '=', id).executeTakeFirstOrThrow()).css;

  beforeAll(async () => {
    t = await startTestApp();
    admin = await t.login();
    const created = await admin.request({
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: { dashboard_title: 'Styled', css: '.a { background: url(/static/favicon.svg); color: red; }' },
    });
    expect(created.statusCode).toBe(201);
    id = created.json().id as number;
  });
  afterAll(() => t.close());

  it.each([
    ['@import "https://evil.example/x.css";', '@import https://evil.example/x.css'],
    ['.a { background: url(//evil.example/leak) }', 'url() //evil.example/leak'],
    ['.a { background: \\75 rl(https://evil.example/p.png) }', 'url() https://evil.example/p.png'],
    ['@font-face { src: url("https://evil.example/f.woff2") }', 'url() https://evil.example/f.woff2'],
  ])('an update with %s is a 400 and keeps the CSS', async (css, named) => {
    const update = await admin.request({ method: 'PUT', url: `/api/v1/dashboard/${id}`, payload: { css } });
    expect(update.statusCode).toBe(400);
    expect(update.json().message).toEqual({
      css: [`Dashboard CSS cannot load resources from other hosts: ${named}`],
    });
    expect(await storedCss()).toBe('.a { background: url(/static/favicon.svg); color: red; }');
  });

  it('creating or copying a dashboard with outside CSS is refused too', async () => {
    const before = await t.ctx.store.db.selectFrom('dashboards').select('id').execute();
    const create = await admin.request({
      method: 'POST',
      url: '/api/v1/dashboard/',
      payload: { dashboard_title: 'Leaky', css: '@import url(https://evil.example/x.css);' },
    });
    expect(create.statusCode).toBe(400);
    const copy = await admin.request({
      method: 'POST',
      url: `/api/v1/dashboard/${id}/copy/`,
      payload: { dashboard_title: 'Copy', css: '.a { background: url(https://evil.example/x) }' },
    });
    expect(copy.statusCode).toBe(400);
    expect(await t.ctx.store.db.selectFrom('dashboards').select('id').execute()).toHaveLength(before.length);
  });

  it('CSS that does not parse is a 400 with the parser message', async () => {
    const update = await admin.request({ method: 'PUT', url: `/api/v1/dashboard/${id}`, payload: { css: '.a {' } });
    expect(update.statusCode).toBe(400);
    expect(update.json().message.css[0]).toMatch(/^Invalid CSS: .*Unclosed block/);
  });

  it('CSS loading only from this site saves', async () => {
    const css = '.b { background: url(data:image/png;base64,iVBORw0KGgo=) } .c { fill: url(#g) }';
    const update = await admin.request({ method: 'PUT', url: `/api/v1/dashboard/${id}`, payload: { css } });
    expect(update.statusCode).toBe(200);
    expect(await storedCss()).toBe(css);
  });
});
