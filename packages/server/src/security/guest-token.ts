// Guest tokens of embedded dashboards (Superset's GUEST_TOKEN_JWT_*): signed with their own secret, audience and
// lifetime, naming the embedded dashboards their holder may open and the row-level clauses added to its queries.
import { isAdminRoleName } from '@nezha/core';
import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { AppContext } from '../app/context.js';
import type { GuestTokenConfig } from '../config/config.js';
import { embeddedByUuids } from '../store/embedded-dashboards.js';
import { findRoleByName, permissionsOfRoles } from '../store/permissions.js';
import type { AuthUser } from './current-user.js';

export const guestUserSchema = z
  .object({
    username: z.string().max(255).optional(),
    first_name: z.string().max(255).optional(),
    last_name: z.string().max(255).optional(),
  })
  .strip();

export const guestResourceSchema = z.object({
  type: z.literal('dashboard', { message: 'Must be one of: dashboard.' }),
  id: z.string().min(1).max(255),
});

export const guestRlsSchema = z.object({
  dataset: z.number().int().positive().optional(),
  clause: z.string().min(1).max(10_000),
});

const claimsSchema = z.object({
  user: guestUserSchema,
  resources: z.array(guestResourceSchema).min(1),
  rls_rules: z.array(guestRlsSchema),
  type: z.literal('guest'),
});

export type GuestClaims = z.infer<typeof claimsSchema>;

const keyOf = (config: GuestTokenConfig) => new TextEncoder().encode(config.secret);

export async function signGuestToken(
  config: GuestTokenConfig,
  claims: Omit<GuestClaims, 'type'>,
  now = Date.now(),
): Promise<string> {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ ...claims, type: 'guest' })
    .setProtectedHeader({ alg: config.algorithm, typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + config.expSeconds)
    .setAudience(config.audience)
    .sign(keyOf(config));
}

/** The claims of a token signed with the guest secret, for the guest audience, unexpired; undefined otherwise. */
export async function verifyGuestToken(config: GuestTokenConfig, token: string): Promise<GuestClaims | undefined> {
  try {
    const { payload } = await jwtVerify(token, keyOf(config), {
      audience: config.audience,
      algorithms: [config.algorithm],
      requiredClaims: ['exp', 'iat'],
    });
    const parsed = claimsSchema.safeParse(payload);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The guest a valid token stands for: the guest role's permissions, the dashboards still embedded under the token's
 * uuids, the token's clauses. No stored user: id 0 owns nothing and matches no owner.
 */
export async function guestUserOf(ctx: AppContext, token: string): Promise<AuthUser | undefined> {
  const claims = await verifyGuestToken(ctx.config.guestToken, token);
  if (!claims) return undefined;
  const uuids = claims.resources.map((resource) => resource.id);
  const embedded = await embeddedByUuids(ctx.store.db, uuids);
  const role = await findRoleByName(ctx.store.db, ctx.config.guestToken.roleName);
  const roles: AuthUser['roles'] = {};
  // A guest is never an admin, whatever the setting names.
  if (role && !isAdminRoleName(role.name)) {
    const pairs = (await permissionsOfRoles(ctx.store.db, [role.id])).get(role.id) ?? [];
    roles[role.name] = pairs.map((pv) => [pv.permission, pv.view]);
  }
  return {
    id: 0,
    username: claims.user.username ?? 'guest_user',
    firstName: claims.user.first_name ?? 'Guest',
    lastName: claims.user.last_name ?? 'User',
    email: '',
    roles,
    tokenVersion: 0,
    guest: {
      token,
      uuids: embedded.map((item) => item.uuid),
      dashboardIds: embedded.map((item) => item.dashboard_id),
      rls: claims.rls_rules,
      roleIds: role ? [role.id] : [],
    },
  };
}
