// /api/v1/me/: who the caller is, what their roles allow, the change of their own password and their language.
import { SUPPORTED_LOCALES } from '@nezha/core';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { HttpError } from '../../errors/nezha-error.js';
import { ValidationError } from '../../errors/validation-error.js';
import { toBootstrapUser } from '../../security/bootstrap-user.js';
import { verifyOwnPassword } from '../../security/login.js';
import { hashPassword } from '../../security/passwords.js';
import { changeOwnPassword, getUser, setUserLocale } from '../../store/users.js';
import { defineRoute, requireUser } from '../route.js';
import { newPasswordField } from '../users/password-field.js';

/** Strict: the body names no user, so there is nothing to point at another account. */
const passwordBody = z
  .object({
    current_password: z.string().min(1, 'Missing data for required field.').max(1024),
    new_password: newPasswordField,
  })
  .strict();

/** null forgets the choice: the browser's languages apply again. */
const localeBody = z.object({ locale: z.enum(SUPPORTED_LOCALES).nullable() }).strict();

export function registerMeRoutes(app: FastifyInstance, ctx: AppContext): void {
  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/me/',
    access: { authenticated: true },
    handler: async ({ user }) => {
      const me = requireUser(user);
      const stored = await getUser(ctx.store.db, me.id);
      if (!stored) throw new HttpError(401, 'Not authorized');
      return {
        result: {
          id: me.id,
          username: me.username,
          first_name: me.firstName,
          last_name: me.lastName,
          email: me.email,
          is_active: true,
          is_anonymous: false,
          // Beyond Superset's answer: what the user info page shows.
          login_count: stored.login_count,
          last_login: stored.last_login,
          created_on: stored.created_on,
          changed_on: stored.changed_on,
          roles: stored.roles.map((role) => role.name),
        },
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/v1/me/roles/',
    access: { authenticated: true },
    handler: async ({ user }) => {
      const bootstrap = toBootstrapUser(requireUser(user));
      return {
        result: {
          username: bootstrap.username,
          userId: bootstrap.userId,
          roles: bootstrap.roles,
          permissions: bootstrap.permissions,
        },
      };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/me/password/',
    access: { authenticated: true },
    body: passwordBody,
    handler: async ({ body, user, request }) => {
      const me = requireUser(user);
      const ok = await verifyOwnPassword(ctx.store.db, ctx.loginThrottle, {
        userId: me.id,
        password: body.current_password,
        address: request.ip,
      });
      // Not a 401: the caller is signed in, and a 401 would send the browser to the login page.
      if (!ok) throw new ValidationError({ current_password: ['The current password is not correct.'] });
      if (body.new_password === body.current_password) {
        throw new ValidationError({ new_password: ['The new password must differ from the current one.'] });
      }
      await changeOwnPassword(ctx.store.db, me.id, await hashPassword(body.new_password), me.session?.id ?? null);
      return { message: 'OK' };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/v1/me/locale/',
    access: { authenticated: true },
    body: localeBody,
    handler: async ({ body, user }) => {
      const me = requireUser(user);
      // A guest of an embedded dashboard has no account to keep the choice in; its page keeps it for the visit.
      if (!me.guest) await setUserLocale(ctx.store.db, me.id, body.locale);
      return { result: { locale: body.locale } };
    },
  });
}
