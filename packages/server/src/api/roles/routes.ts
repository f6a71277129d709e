// /api/v1/security/roles/ and permissions-resources: admin-only role management.
import { BUILTIN_ROLES } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import {
  createRole,
  deleteRole,
  existingPermissionViewIds,
  findRoleByName,
  getRole,
  listPermissionViews,
  listRoles,
  type RoleRecord,
  renameRole,
  setRolePermissions,
} from '../../store/permissions.js';
import { defineRoute } from '../route.js';
import { risonQuery } from '../validation.js';

const ADMIN = { admin: true } as const;
const idParams = z.object({ pk: z.coerce.number().int().positive() });
const roleBody = z.object({
  name: z.string().trim().min(1, 'Role name cannot be empty.').max(64),
  permission_ids: z.array(z.number().int().positive()).default([]),
});
const pageQuery = z
  .object({
    page: z.number().int().nonnegative().default(0),
    page_size: z.number().int().positive().max(1000).default(25),
    filters: z.array(z.object({ col: z.literal('name'), opr: z.string(), value: z.string() })).default([]),
  })
  .passthrough();

function serializeRole(role: RoleRecord) {
  return {
    id: role.id,
    name: role.name,
    permissions: role.permissions.map((p) => ({ id: p.id, permission_name: p.permission, view_menu_name: p.view })),
  };
}

async function checkedPermissionIds(ctx: AppContext, ids: number[]): Promise<number[]> {
  const existing = await existingPermissionViewIds(ctx.store.db, ids);
  const missing = ids.filter((id) => !existing.includes(id));
  if (missing.length > 0)
    throw new ValidationError({ permission_ids: [`Unknown permission id(s): ${missing.join(', ')}`] });
  return existing;
}

export function registerRoleRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/roles/',
    access: ADMIN,
    query: risonQuery(pageQuery),
    handler: async ({ query }) => {
      const q = query.q ?? pageQuery.parse({});
      const nameFilter = q.filters.find((f) => f.col === 'name');
      const { count, roles } = await listRoles(ctx.store.db, {
        ...(nameFilter ? { nameContains: nameFilter.value } : {}),
        offset: q.page * q.page_size,
        limit: q.page_size,
      });
      return { count, ids: roles.map((r) => r.id), result: roles.map(serializeRole) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/roles/:pk',
    access: ADMIN,
    params: idParams,
    handler: async ({ params }) => {
      const role = await getRole(ctx.store.db, params.pk);
      if (!role) throw new HttpError(404, 'Not found');
      return { id: role.id, result: serializeRole(role) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/security/roles/',
    access: ADMIN,
    body: roleBody,
    handler: async ({ body, reply }) => {
      if (await findRoleByName(ctx.store.db, body.name)) {
        throw new ValidationError({ name: ['A role with this name already exists.'] }, 422);
      }
      const ids = await checkedPermissionIds(ctx, body.permission_ids);
      const id = await ctx.store.db.transaction().execute(async (trx) => {
        const roleId = await createRole(trx, body.name);
        await setRolePermissions(trx, roleId, ids);
        return roleId;
      });
      const role = await getRole(ctx.store.db, id);
      reply.code(201);
      return { id, result: role ? serializeRole(role) : null };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/security/roles/:pk',
    access: ADMIN,
    params: idParams,
    body: roleBody.partial(),
    handler: async ({ params, body }) => {
      const role = await getRole(ctx.store.db, params.pk);
      if (!role) throw new HttpError(404, 'Not found');
      if (body.name !== undefined && body.name !== role.name) {
        if ((BUILTIN_ROLES as readonly string[]).includes(role.name)) {
          throw new ValidationError({ name: ['Built-in roles cannot be renamed.'] }, 422);
        }
        if (await findRoleByName(ctx.store.db, body.name)) {
          throw new ValidationError({ name: ['A role with this name already exists.'] }, 422);
        }
      }
      const ids = body.permission_ids ? await checkedPermissionIds(ctx, body.permission_ids) : undefined;
      await ctx.store.db.transaction().execute(async (trx) => {
        if (body.name !== undefined) await renameRole(trx, params.pk, body.name);
        if (ids) await setRolePermissions(trx, params.pk, ids);
      });
      const updated = await getRole(ctx.store.db, params.pk);
      return { id: params.pk, result: updated ? serializeRole(updated) : null };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/security/roles/:pk',
    access: ADMIN,
    params: idParams,
    handler: async ({ params }) => {
      const role = await getRole(ctx.store.db, params.pk);
      if (!role) throw new HttpError(404, 'Not found');
      if ((BUILTIN_ROLES as readonly string[]).includes(role.name)) {
        throw new ValidationError({ name: ['Built-in roles cannot be deleted.'] }, 422);
      }
      await ctx.store.db.transaction().execute((trx) => deleteRole(trx, params.pk));
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/permissions-resources/',
    access: ADMIN,
    handler: async () => {
      const all = await listPermissionViews(ctx.store.db);
      return {
        count: all.length,
        ids: all.map((p) => p.id),
        result: all.map((p) => ({ id: p.id, permission: { name: p.permission }, view_menu: { name: p.view } })),
      };
    },
  });
}
