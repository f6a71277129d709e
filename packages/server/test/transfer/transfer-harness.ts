// Helpers of the import/export suites: multipart uploads of a ZIP, ZIPs written by hand, row counts of the store.

import type { LightMyRequestResponse } from 'fastify';
import { strToU8, zipSync } from 'fflate';
import { toYaml } from '../../src/transfer/yaml-files.js';
import type { Session, TestApp } from '../support/test-app.js';

/** A multipart body with the ZIP as the `formData` file part and text fields, as Superset's client posts it. */
export function uploadBody(zip: Uint8Array, fields: Record<string, string> = {}) {
  const boundary = '----nezhaImportBoundary8d3f';
  const head = Object.entries(fields)
    .map(([key, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`)
    .join('');
  const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="formData"; filename="export.zip"\r\nContent-Type: application/zip\r\n\r\n`;
  const payload = Buffer.concat([
    Buffer.from(head + fileHead),
    Buffer.from(zip),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function importZip(
  session: Session,
  kind: string,
  zip: Uint8Array,
  fields: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return session.request({ method: 'POST', url: `/api/v1/${kind}/import/`, ...uploadBody(zip, fields) });
}

/** A ZIP of YAML files under one root folder, the way Superset writes its exports. */
export function zipOf(files: Record<string, unknown>, root = 'dashboard_export_20240101T000000'): Uint8Array {
  const entries: Record<string, Uint8Array> = {};
  for (const [path, content] of Object.entries(files)) {
    entries[`${root}/${path}`] = strToU8(typeof content === 'string' ? content : toYaml(content));
  }
  return zipSync(entries);
}

const TABLES = [
  'dbs',
  'tables',
  'table_columns',
  'sql_metrics',
  'slices',
  'dashboards',
  'dashboard_slices',
  'saved_query',
] as const;

/** How many rows each imported table holds: an import refused must leave them all as they were. */
export async function rowCounts(t: TestApp): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const row = await t.ctx.store.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.n);
  }
  return counts;
}
