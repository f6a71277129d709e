// `nezha export --to DIR` and `nezha import DIR|ZIP`: the whole installation as unzipped bundle files, for Git.
import { lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../app/context.js';
import { buildExport } from './export.js';
import { type ImportSummary, importBundle } from './import.js';
import { KIND_INFO, TRANSFER_KINDS, type TransferKind } from './kinds.js';
import { TransferError } from './transfer-error.js';
import { BUNDLE_LIMITS, type BundleFiles, readZipBundle, unsafeEntryName } from './zip-bundle.js';

const TABLE_OF: Record<TransferKind, 'dashboards' | 'slices' | 'tables' | 'dbs' | 'saved_query'> = {
  dashboard: 'dashboards',
  chart: 'slices',
  dataset: 'tables',
  database: 'dbs',
  saved_query: 'saved_query',
};

/**
 * Writes every object as Superset's files under `dir` (no root folder). The kind folders are emptied first, so a
 * deleted object's file goes away too; ids in file names and the newest-change timestamp keep unchanged files equal.
 */
export async function exportToDirectory(ctx: AppContext, dir: string): Promise<number> {
  const items: Array<{ kind: TransferKind; id: number }> = [];
  for (const kind of TRANSFER_KINDS) {
    const rows = await ctx.store.db.selectFrom(TABLE_OF[kind]).select('id').orderBy('id').execute();
    for (const row of rows) items.push({ kind, id: Number(row.id) });
  }
  const bundle = await buildExport(
    { db: ctx.store.db, connectionUri: (row) => ctx.connections.connectionUri(row) },
    items,
    'assets',
  );
  mkdirSync(dir, { recursive: true });
  for (const kind of TRANSFER_KINDS) rmSync(path.join(dir, KIND_INFO[kind].folder), { recursive: true, force: true });
  for (const [file, text] of bundle.files) {
    const target = path.join(dir, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  return bundle.files.length;
}

/** The YAML files under `dir`, by path relative to it; symbolic links are not followed. */
function readDirectoryBundle(dir: string): BundleFiles {
  const files: BundleFiles = new Map();
  let total = 0;
  const walk = (relative: string) => {
    for (const entry of readdirSync(path.join(dir, relative), { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const child = relative ? `${relative}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile() && /\.ya?ml$/i.test(entry.name) && !unsafeEntryName(child)) {
        const size = lstatSync(path.join(dir, child)).size;
        total += size;
        if (size > BUNDLE_LIMITS.maxFileBytes || total > BUNDLE_LIMITS.maxTotalBytes) {
          throw new TransferError(400, 'The export folder is too large', { [child]: 'over the size limit' });
        }
        files.set(child, readFileSync(path.join(dir, child), 'utf8'));
      }
    }
  };
  walk('');
  return files;
}

/** Imports a folder written by `nezha export` or a ZIP from either product, overwriting what exists (assets). */
export async function importFromPath(
  ctx: AppContext,
  source: string,
  options: { passwords: Record<string, string>; username?: string | undefined },
): Promise<ImportSummary> {
  const files = statSync(source).isDirectory() ? readDirectoryBundle(source) : readZipBundle(readFileSync(source));
  let userId: number | null = null;
  if (options.username) {
    const user = await ctx.store.db
      .selectFrom('ab_user')
      .select('id')
      .where('username', '=', options.username)
      .executeTakeFirst();
    if (!user) throw new TransferError(400, `No user named ${options.username}`, {});
    userId = user.id;
  }
  return importBundle(
    { db: ctx.store.db, config: ctx.config },
    files,
    'assets',
    { overwrite: true, ...options },
    {
      userId,
      canWrite: () => true,
      isAdmin: true,
    },
  );
}

/** One line per kind: created, updated, kept. */
export function describeSummary(summary: ImportSummary): string {
  return TRANSFER_KINDS.map((kind) => {
    const counts = summary[kind];
    const plural = kind === 'saved_query' ? 'Saved queries' : `${KIND_INFO[kind].title}s`;
    return `${plural}: ${counts.create} created, ${counts.update} updated, ${counts.keep} kept`;
  }).join('\n');
}
