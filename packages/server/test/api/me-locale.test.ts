// The language a user picks (PUT /api/v1/me/locale/) is kept on the server: a new session, on another browser,
// opens in it; without a choice, a link's ?lang= and then Accept-Language decide (bootstrap's common.locale).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser } from '../support/dataset-fixtures.js';
import { STORE_BACKENDS, type StoreBackend } from '../support/sqllab-fixtures.js';
import { type Session, startTestApp, type TestApp } from '../support/test-app.js';
import { title } from './chart-harness.js';

const LOCALE_LIST = 'en, fr, es, it, zh, ja, de, pt, pt_BR, ru, ko, sk, sl, nl';

function useApp(backend: StoreBackend): { t: TestApp } {
  const holder = {} as { t: TestApp };
  let drop: () => Promise<void> = async () => undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    drop = opened.drop;
    holder.t = await startTestApp({ ...(opened.storeUrl ? { storeUrl: opened.storeUrl } : {}) });
  });
  afterAll(async () => {
    await holder.t?.close();
    await drop();
  });
  return holder;
}

async function bootstrapLocale(session: Session | TestApp, headers: Record<string, string> = {}, lang?: string) {
  const url = `/api/v1/bootstrap/${lang ? `?lang=${lang}` : ''}`;
  const response =
    'request' in session
      ? await session.request({ method: 'GET', url, headers })
      : await session.app.inject({ method: 'GET', url, headers });
  expect(response.statusCode).toBe(200);
  return (response.json() as { result: { common: { locale: string } } }).result.common.locale;
}

for (const backend of STORE_BACKENDS) {
  describe.skipIf(!backend.url)(title('saved language', backend), () => {
    const w = useApp(backend);

    it('a user who picked Japanese gets Japanese in a new session, whatever the browser asks', async () => {
      const { t } = w;
      const { session } = await addUser(t, 'nihongo', ['Gamma']);
      const saved = await session.request({ method: 'PUT', url: '/api/v1/me/locale/', payload: { locale: 'ja' } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toEqual({ result: { locale: 'ja' } });

      const elsewhere = await t.login('nihongo', 'nihongo-password');
      expect(await bootstrapLocale(elsewhere, { 'accept-language': 'fr-FR,fr;q=0.9' })).toBe('ja');
      expect(await bootstrapLocale(elsewhere, {}, 'de')).toBe('ja');
    });

    it('without a choice, ?lang= wins over Accept-Language, which wins over English', async () => {
      const { t } = w;
      const { session } = await addUser(t, 'nochoice', ['Gamma']);
      expect(await bootstrapLocale(session, { 'accept-language': 'xx, pt-BR;q=0.8, de;q=0.5' })).toBe('pt_BR');
      expect(await bootstrapLocale(session, { 'accept-language': 'fr' }, 'ru')).toBe('ru');
      expect(await bootstrapLocale(t, { 'accept-language': 'ko' })).toBe('ko');
      expect(await bootstrapLocale(t)).toBe('en');
    });

    it('forgets the choice on null and refuses a locale the product does not have', async () => {
      const { t } = w;
      const { session } = await addUser(t, 'changes', ['Gamma']);
      await session.request({ method: 'PUT', url: '/api/v1/me/locale/', payload: { locale: 'sl' } });
      expect(await bootstrapLocale(session, { 'accept-language': 'nl' })).toBe('sl');
      const refused = await session.request({ method: 'PUT', url: '/api/v1/me/locale/', payload: { locale: 'xx' } });
      expect(refused.statusCode).toBe(400);
      expect(await bootstrapLocale(session, { 'accept-language': 'nl' })).toBe('sl');
      await session.request({ method: 'PUT', url: '/api/v1/me/locale/', payload: { locale: null } });
      expect(await bootstrapLocale(session, { 'accept-language': 'nl' })).toBe('nl');
    });

    it('error and validation messages follow Accept-Language, then the saved choice; field names stay', async () => {
      const { t } = w;
      const { session } = await addUser(t, 'messages', ['Gamma']);
      const wrongPassword = (headers: Record<string, string>) =>
        session.request({
          method: 'PUT',
          url: '/api/v1/me/password/',
          headers,
          payload: { current_password: 'not-my-password', new_password: 'a-brand-new-one' },
        });
      expect((await wrongPassword({ 'accept-language': 'fr-FR,fr;q=0.9' })).json()).toEqual({
        message: { current_password: ["Le mot de passe actuel n'est pas correct."] },
      });
      const refused = await session.request({
        method: 'PUT',
        url: '/api/v1/me/locale/',
        headers: { 'accept-language': 'fr' },
        payload: { locale: 'xx' },
      });
      expect(refused.json()).toEqual({
        message: { locale: [`Doit être l'une des valeurs : ${LOCALE_LIST}.`] },
      });

      await session.request({ method: 'PUT', url: '/api/v1/me/locale/', payload: { locale: 'ja' } });
      // The saved choice wins over the header.
      expect((await wrongPassword({ 'accept-language': 'fr' })).json()).toEqual({
        message: { current_password: ['現在のパスワードが正しくありません。'] },
      });
      const missing = await session.request({ method: 'GET', url: '/api/v1/chart/987654' });
      expect(missing.statusCode).toBe(404);
      expect(JSON.stringify(missing.json())).not.toContain('Not found');
    });
  });
}
