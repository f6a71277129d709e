// Request schemas of the embedded dashboard routes and the guest token endpoint, with Superset's field names.
import { z } from 'zod';
import { guestResourceSchema, guestRlsSchema, guestUserSchema } from '../../security/guest-token.js';

/**
 * An allowed domain is an origin (scheme, host, port), as Superset compares the embedding page's referrer with it; it
 * becomes a CSP frame-ancestors source, so nothing else (paths, wildcards, quotes, spaces) gets through.
 */
const origin = z.string().transform((text, ctx) => {
  let url: URL | null = null;
  try {
    url = new URL(text.trim());
  } catch {
    url = null;
  }
  const bare = url && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash && !url.username;
  if (!url || !bare || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') {
    ctx.addIssue({ code: 'custom', message: `"${text}" is not an origin such as https://app.example.com.` });
    return z.NEVER;
  }
  return url.origin;
});

export const embeddedBody = z.object({
  allowed_domains: z.array(origin).max(100).default([]),
});

export const embeddedUuidParams = z.object({ uuid: z.string().uuid('Not a valid UUID.') });

export const guestTokenBody = z.object({
  user: guestUserSchema.default({}),
  resources: z.array(guestResourceSchema).min(1, 'Shorter than minimum length 1.').max(100),
  rls: z.array(guestRlsSchema).max(100).default([]),
});
