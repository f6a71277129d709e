// Explore permalinks: the explore state (form data and URL parameters) behind an unguessable key.
import type { AppContext } from '../app/context.js';
import { HttpError } from '../errors/nezha-error.js';
import type { AuthUser } from '../security/current-user.js';
import { findPermalink, insertPermalink } from '../store/permalinks.js';
import { asFormData, assertFormDataAccess, type FormData } from './form-data-access.js';

export interface ExploreState {
  formData: FormData;
  urlParams?: Array<[string, string]> | Record<string, string> | undefined;
}

const permalinkUrl = (key: string) => `/explore/p/${key}/`;

export async function createExplorePermalink(ctx: AppContext, user: AuthUser, state: ExploreState) {
  await assertFormDataAccess(ctx, user, state.formData);
  const value = JSON.stringify({ state: { formData: state.formData, urlParams: state.urlParams ?? [] } });
  const key = await insertPermalink(ctx.store.db, 'explore', value, user.id);
  return { key, url: permalinkUrl(key) };
}

/** The stored state; reading it needs the same access as making it, so a shared link does not leak data. */
export async function readExplorePermalink(
  ctx: AppContext,
  user: AuthUser,
  key: string,
): Promise<{ state: ExploreState }> {
  const entry = await findPermalink(ctx.store.db, 'explore', key);
  const parsed = entry ? (JSON.parse(entry.value) as { state?: { formData?: unknown; urlParams?: unknown } }) : null;
  const formData = asFormData(parsed?.state?.formData);
  if (!formData) throw new HttpError(404, 'Not found');
  await assertFormDataAccess(ctx, user, formData);
  return { state: { formData, urlParams: parsed?.state?.urlParams as ExploreState['urlParams'] } };
}
