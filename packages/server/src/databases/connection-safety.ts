// Which connections the API may store or test: none to Nezha's own files, and no unsafe engine settings by default.
import { realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import type { NezhaConfig } from '../config/config.js';
import { engineForUri } from '../engines/registry.js';
import { NezhaError } from '../errors/nezha-error.js';
import { ValidationError } from '../errors/validation-error.js';
import { EXAMPLES_FILE, EXAMPLES_URI } from '../examples/register.js';
import type { DatabaseRow } from '../store/schema.js';

export const NEZHA_HOME_MESSAGE =
  "Nezha's own files (its home folder: the metadata store, the secret key, query results) cannot be used as a data source for security reasons.";

function refuse(message: string): never {
  // Superset answers an unsafe URI as a field error of sqlalchemy_uri, status 400.
  throw new ValidationError({ sqlalchemy_uri: [message] }, 400);
}

/**
 * The path the driver will open, with every symlink in it followed. `databaseFile` has already resolved `..`
 * lexically, as the driver receives it; a file not made yet is taken under its nearest existing folder.
 */
function physicalPath(file: string): string {
  const missing: string[] = [];
  let current = path.resolve(file);
  for (;;) {
    try {
      return path.join(realpathSync.native(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return path.resolve(file);
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

function within(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** The metadata store's SQLite file, which NEZHA_DATABASE_URL may put outside home. */
function storeFile(config: NezhaConfig): string | null {
  const match = /^sqlite:\/\/\/(.+)$/.exec(config.databaseUrl);
  if (!match?.[1] || match[1] === ':memory:') return null;
  return path.resolve(match[1]);
}

/** Same file under another name (a hard link) as one of the files Nezha keeps. */
function sameFileAs(file: string, protectedFiles: readonly string[]): boolean {
  let target: { dev: number; ino: number };
  try {
    target = statSync(file);
  } catch {
    return false;
  }
  return protectedFiles.some((other) => {
    try {
      const stat = statSync(other);
      return stat.dev === target.dev && stat.ino === target.ino;
    } catch {
      return false;
    }
  });
}

/** Whether a file is one of Nezha's own: under home, the metadata store or beside it, or a hard link to one. */
function isNezhaFile(config: NezhaConfig, file: string): boolean {
  const home = physicalPath(config.home);
  const store = storeFile(config);
  const target = physicalPath(file);
  if (within(target, home)) return true;
  // The store's own file and SQLite's companions beside it (-wal, -shm, -journal).
  const storePath = store ? physicalPath(store) : null;
  if (storePath && (target === storePath || target.startsWith(`${storePath}-`))) return true;
  const kept = [path.join(home, 'secret_key'), path.join(home, EXAMPLES_FILE), ...(store ? [store] : [])];
  return sameFileAs(target, kept);
}

/**
 * For stored connections, checked on every open: a row saved before these checks existed (or written into the
 * store by hand) still cannot reach Nezha's own files. Only the examples database may live in home.
 */
export function assertStoredConnectionAllowed(
  config: NezhaConfig,
  row: Pick<DatabaseRow, 'sqlalchemy_uri' | 'created_by_fk' | 'database_name'>,
): void {
  if (isExamplesDatabase(row)) return;
  const file = engineForUri(row.sqlalchemy_uri).localFile(row.sqlalchemy_uri, config.home);
  if (!file || !isNezhaFile(config, file)) return;
  throw new NezhaError({
    type: 'DATABASE_SECURITY_ACCESS_ERROR',
    status: 403,
    message: NEZHA_HOME_MESSAGE,
    extra: { database: row.database_name },
  });
}

/**
 * Refuses (400) a connection the API must not store or test: any file under NEZHA_HOME or the metadata store,
 * and, unless NEZHA_PREVENT_UNSAFE_DB_CONNECTIONS is off, what the engine calls unsafe. `examplesRow` is the
 * server's own examples database being edited in place: its file lies in home by design.
 */
export function assertSafeConnection(
  config: NezhaConfig,
  uri: string,
  extra: Record<string, unknown>,
  options: { examplesRow?: boolean } = {},
): void {
  const engine = engineForUri(uri);
  const file = engine.localFile(uri, config.home);
  if (file && !options.examplesRow && isNezhaFile(config, file)) refuse(NEZHA_HOME_MESSAGE);
  if (config.preventUnsafeDbConnections) {
    const reason = engine.unsafeReason(uri, extra);
    if (reason) refuse(reason);
  }
}

/** The examples database the server registered itself (not through the API), which keeps its file in home. */
export function isExamplesDatabase(row: Pick<DatabaseRow, 'sqlalchemy_uri' | 'created_by_fk'>): boolean {
  return row.sqlalchemy_uri === EXAMPLES_URI && row.created_by_fk === null;
}

const EXAMPLES_REPOINT_MESSAGE = 'The examples database cannot be pointed at another file.';

export function refuseExamplesRepoint(): never {
  refuse(EXAMPLES_REPOINT_MESSAGE);
}
