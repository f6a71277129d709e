// /api/v1/security/users/: admin-only user management.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import { hashPassword } from '../../security/passwords.js';
import {
  createUser,
  deleteUser,
  getUser,
  listUsers,
  USER_LIST_COLUMNS,
  updateUser,
  usernameOrEmailTaken,
} from '../../store/users.js';
import { listQuerySchema, toListOptions } from '../list-query.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';
import { newPasswordField } from './password-field.js';

const ADMIN = { admin: true } as const;
const idParams = z.object({ pk: z.coerce.number().int().positive() });

const userFields = {
  username: z.string().trim().min(1, 'Username cannot be empty.').max(128),
  first_name: z.string().trim().max(128).default(''),
  last_name: z.string().trim().max(128).default(''),
  email: z.email('Not a valid email address.').max(320),
  active: z.boolean().default(true),
  roles: z.array(z.number().int().positive()).default([]),
  password: newPasswordField,
};

const createBody = z.object(userFields);
const updateBody = z
  .object({
    username: userFields.username,
    first_name: z.string().trim().max(128),
    last_name: z.string().trim().max(128),
    email: userFields.email,
    active: z.boolean(),
    roles: z.array(z.number().int().positive()),
    password: userFields.password,
  })
  .partial();

async function assertRolesExist(ctx: AppContext, roleIds: number[]): Promise<void> {
  if (roleIds.length === 0) return;
  const found = await ctx.store.db.selectFrom('ab_role').select('id').where('id', 'in', roleIds).execute();
  const missing = roleIds.filter((id) => !found.some((r) => r.id === id));
  if (missing.length > 0) throw new ValidationError({ roles: [`Unknown role id(s): ${missing.join(', ')}`] });
}

async function assertUnique(ctx: AppContext, username?: string, email?: string, exceptId?: number) {
  const taken = await usernameOrEmailTaken(ctx.store.db, username, email, exceptId);
  if (taken) throw new ValidationError({ [taken]: [`A user with this ${taken} already exists.`] }, 422);
}

export function registerUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const columns = Object.keys(USER_LIST_COLUMNS);

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/users/',
    access: ADMIN,
    query: risonQuery(listQuerySchema),
    handler: async ({ query }) => {
      const options = toListOptions(query.q, { filter: columns, order: columns, defaultOrder: 'username' });
      if ('error' in options) throw new ValidationError(options.error);
      const { count, users } = await listUsers(ctx.store.db, options);
      return { count, ids: users.map((u) => u.id), result: users };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/security/users/:pk',
    access: ADMIN,
    params: idParams,
    handler: async ({ params }) => {
      const user = await getUser(ctx.store.db, params.pk);
      if (!user) throw new HttpError(404, 'Not found');
      return { id: user.id, result: user };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/v1/security/users/',
    access: ADMIN,
    body: createBody,
    handler: async ({ body, reply }) => {
      await assertRolesExist(ctx, body.roles);
      await assertUnique(ctx, body.username, body.email);
      const id = await createUser(ctx.store.db, {
        username: body.username,
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        active: body.active,
        roleIds: body.roles,
        passwordHash: await hashPassword(body.password),
      });
      reply.code(201);
      return { id, result: await getUser(ctx.store.db, id) };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/security/users/:pk',
    access: ADMIN,
    params: idParams,
    body: updateBody,
    handler: async ({ params, body, user }) => {
      const existing = await getUser(ctx.store.db, params.pk);
      if (!existing) throw new HttpError(404, 'Not found');
      if (body.roles) await assertRolesExist(ctx, body.roles);
      await assertUnique(ctx, body.username, body.email, params.pk);
      if (params.pk === requireUser(user).id && body.active === false) {
        throw new ValidationError({ active: ['You cannot deactivate yourself.'] }, 422);
      }
      await updateUser(ctx.store.db, params.pk, {
        ...(body.username !== undefined ? { username: body.username } : {}),
        ...(body.first_name !== undefined ? { first_name: body.first_name } : {}),
        ...(body.last_name !== undefined ? { last_name: body.last_name } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.active !== undefined ? { active: body.active } : {}),
        ...(body.roles !== undefined ? { roleIds: body.roles } : {}),
        ...(body.password !== undefined ? { passwordHash: await hashPassword(body.password) } : {}),
      });
      return { id: params.pk, result: await getUser(ctx.store.db, params.pk) };
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/v1/security/users/:pk',
    access: ADMIN,
    params: idParams,
    handler: async ({ params, user }) => {
      if (params.pk === requireUser(user).id) throw new ValidationError({ id: ['You cannot delete yourself.'] }, 422);
      if (!(await deleteUser(ctx.store.db, params.pk))) throw new HttpError(404, 'Not found');
      return { message: 'OK' };
    },
  });
}
