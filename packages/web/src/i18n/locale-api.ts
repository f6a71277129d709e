// The user's language on the server: saving a pick (PUT /api/v1/me/locale/), and reading it back after a login
// (bootstrap's common.locale is the saved choice, else Accept-Language).
import type { SupportedLocale } from '@nezha/core';
import { api } from '../api/client';
import { fetchBootstrap } from '../api/session-api';
import { applyPageLocale } from './i18n';

export function saveMyLocale(locale: SupportedLocale | null): Promise<unknown> {
  return api.put('/api/v1/me/locale/', { locale });
}

/** After signing in: the page switches to the language the user saved in an earlier session, if any. */
export async function applySignedInLocale(): Promise<void> {
  const { common } = await fetchBootstrap();
  await applyPageLocale(common.locale, true);
}
