// Row-level security: the WHERE clause a caller's roles (and a guest token) add to every query on a dataset.
import type { AppContext } from '../app/context.js';
import type { EngineName } from '../engines/types.js';
import { guardCustomSql } from '../sql/custom-sql-guard.js';
import { escapeStringBody, hasTemplateSyntax, renderTemplate } from '../sql/index.js';
import { cachedRlsFiltersForTable, cachedRoleIdsOfUser } from '../store/metadata-caches.js';
import type { AppliedRlsFilter } from '../store/rls-filters.js';
import type { AuthUser } from './current-user.js';

/** The caller's role ids: a guest's come from the guest role, never from a stored user. */
async function roleIdsOf(ctx: AppContext, user: AuthUser): Promise<readonly number[]> {
  return user.guest ? user.guest.roleIds : cachedRoleIdsOfUser(ctx.store, user.id);
}

/**
 * Superset's get_sqla_row_level_filters: filters sharing a group key are ORed, groups (and filters without a key,
 * each its own group) are ANDed. Every clause is checked by the custom SQL guard and parenthesised, so none can
 * leave its parentheses or swallow the next one.
 */
function combineRlsClauses(
  filters: ReadonlyArray<Pick<AppliedRlsFilter, 'group_key' | 'clause'>>,
  guestClauses: readonly string[],
  engine: EngineName,
  render: (clause: string) => string = (clause) => clause,
): string | null {
  const groups = new Map<string, string[]>();
  const alone: string[] = [];
  for (const filter of filters) {
    const clause = guardCustomSql(render(filter.clause), [], engine);
    const key = filter.group_key?.trim();
    if (key) groups.set(key, [...(groups.get(key) ?? []), clause]);
    else alone.push(clause);
  }
  const parts = [
    ...alone,
    ...[...groups.values()].map((clauses) =>
      clauses.length === 1 ? (clauses[0] as string) : `(${clauses.join(' OR ')})`,
    ),
    ...guestClauses.map((clause) => guardCustomSql(render(clause), [], engine)),
  ];
  return parts.length === 0 ? null : parts.join(' AND ');
}

/**
 * Jinja in a clause (Superset renders clauses with the dataset's template processor): `{{ current_username() }}` and
 * the other user macros give the viewer's values (a guest's: the token's user), rendered before the custom SQL guard
 * judges the result. The user's values are escaped as a string literal's body, so a username holding a quote cannot
 * close the literal a clause writes around it and widen the rule. Off with ENABLE_TEMPLATE_PROCESSING.
 */
export function rlsClauseRenderer(ctx: AppContext, user: AuthUser, engine: EngineName): (clause: string) => string {
  if (!ctx.config.features.ENABLE_TEMPLATE_PROCESSING) return (clause) => clause;
  const templateUser = {
    id: user.id,
    username: escapeStringBody(user.username, engine),
    email: escapeStringBody(user.email, engine),
  };
  return (clause) => (hasTemplateSyntax(clause) ? renderTemplate(clause, { engine, user: templateUser }) : clause);
}

/** The predicate every query of this caller on this dataset must carry, or null when no filter applies. */
export async function rowLevelPredicate(
  ctx: AppContext,
  user: AuthUser,
  tableId: number,
  engine: EngineName,
): Promise<string | null> {
  // From memory between writes to the store: every chart query asks, and the answer changes only with a write.
  const filters = await cachedRlsFiltersForTable(ctx.store, tableId, await roleIdsOf(ctx, user));
  const guestClauses = (user.guest?.rls ?? [])
    .filter((rule) => rule.dataset === undefined || rule.dataset === tableId)
    .map((rule) => rule.clause);
  return combineRlsClauses(filters, guestClauses, engine, rlsClauseRenderer(ctx, user, engine));
}
