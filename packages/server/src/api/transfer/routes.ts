// /api/v1/{dashboard,chart,dataset,database,saved_query}/export/ and /import/: Superset's ZIP of YAML files.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../app/context.js';
import { ValidationError } from '../../errors/validation-error.js';
import { KIND_INFO, TRANSFER_KINDS } from '../../transfer/kinds.js';
import { exportZip, importZip } from '../../transfer/service.js';
import { idsQuery } from '../chart/fields.js';
import { isUploadedFile, type UploadedFile } from '../form-data.js';
import { defineRoute, requireUser } from '../route.js';
import { risonQuery } from '../validation.js';

const booleanText = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((value) => value === true || value === 'true');

/** A JSON object of file path → secret, sent as form text (`passwords`, `ssh_tunnel_passwords`, …). */
const secretsText = z
  .string()
  .max(1_000_000)
  .transform((text, context) => {
    try {
      const value = JSON.parse(text) as unknown;
      const parsed = z.record(z.string(), z.string()).safeParse(value);
      if (parsed.success) return parsed.data;
    } catch {
      // reported below
    }
    context.addIssue({ code: 'custom', message: 'Must be a JSON object of file names to strings.' });
    return z.NEVER;
  });

const importBody = z.object({
  formData: z.custom<UploadedFile>(isUploadedFile, { message: 'Upload the export as the file field formData.' }),
  overwrite: booleanText.optional(),
  passwords: secretsText.optional(),
  // Accepted as Superset's client sends them; Nezha has no SSH tunnels or encrypted extras to fill.
  ssh_tunnel_passwords: secretsText.optional(),
  ssh_tunnel_private_keys: secretsText.optional(),
  ssh_tunnel_private_key_passwords: secretsText.optional(),
  encrypted_extra_secrets: z.string().max(1_000_000).optional(),
});

export function registerTransferRoutes(app: FastifyInstance, ctx: AppContext): void {
  for (const kind of TRANSFER_KINDS) {
    const { view } = KIND_INFO[kind];
    // Superset maps export to can_read and import to can_write of the resource (MODEL_API_RW_METHOD_PERMISSION_MAP).
    defineRoute(app, {
      method: 'GET',
      url: `/api/v1/${kind}/export/`,
      access: { permission: 'can_read', view },
      query: risonQuery(idsQuery),
      handler: async ({ query, user, reply }) => {
        if (!query.q) throw new ValidationError({ q: ['Give the ids to export: q=!(1,2)'] });
        const { fileName, zip } = await exportZip(ctx, requireUser(user), kind, query.q);
        return reply
          .type('application/zip')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(zip);
      },
    });

    defineRoute(app, {
      method: 'POST',
      url: `/api/v1/${kind}/import/`,
      access: { permission: 'can_write', view },
      body: importBody,
      handler: async ({ body, user }) => {
        await importZip(ctx, requireUser(user), kind, body.formData.data, {
          overwrite: body.overwrite ?? false,
          passwords: body.passwords ?? {},
        });
        return { message: 'OK' };
      },
    });
  }
}
