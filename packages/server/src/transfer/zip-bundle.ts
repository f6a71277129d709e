// Reads and writes Superset's export ZIP (one root folder of YAML files) with fflate, refusing unsafe archives.
import { strToU8, unzipSync, zipSync } from 'fflate';
import { TransferError } from './transfer-error.js';

/** Limits on an uploaded bundle: entries, each file, all files, and the compression ratio (zip bombs). */
export const BUNDLE_LIMITS = {
  maxEntries: 10_000,
  maxFileBytes: 16 * 1024 * 1024,
  maxTotalBytes: 128 * 1024 * 1024,
  /** Superset's ZIP_FILE_MAX_COMPRESS_RATIO. */
  maxRatio: 200,
};

/** The files of a bundle by their path inside the root folder, e.g. `charts/Sales_3.yaml`. */
export type BundleFiles = Map<string, string>;

const ZIP_MAGIC = [0x50, 0x4b];

function isZip(data: Uint8Array): boolean {
  return data.length >= 22 && data[0] === ZIP_MAGIC[0] && data[1] === ZIP_MAGIC[1];
}

/** Why an entry name is refused: absolute, `..`, backslashes or control characters could write or read elsewhere. */
export function unsafeEntryName(name: string): string | undefined {
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  if (name.includes('\\')) return 'a backslash';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f]/.test(name)) return 'a control character';
  if (name.split('/').some((part) => part === '..' || part === '.')) return 'a `..` or `.` segment';
  return undefined;
}

/** Superset's remove_root: the first folder of every entry is the export's own name and is dropped. */
function withoutRoot(name: string): string {
  const slash = name.indexOf('/');
  return slash < 0 ? name : name.slice(slash + 1);
}

/** Superset's is_valid_config: YAML files only, skipping hidden and `_`-prefixed (macOS `__MACOSX`, `.DS_Store`). */
function isConfigFile(path: string): boolean {
  const base = path.slice(path.lastIndexOf('/') + 1);
  if (base.startsWith('.') || base.startsWith('_')) return false;
  if (path.split('/').some((part) => part.startsWith('__MACOSX'))) return false;
  return /\.ya?ml$/i.test(base);
}

export function readZipBundle(data: Uint8Array): BundleFiles {
  if (!isZip(data)) throw new TransferError(400, 'Not a ZIP file', {});
  let entries = 0;
  let total = 0;
  let packed = 0;
  const problems: Record<string, string> = {};
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(data, {
      filter: (file) => {
        entries += 1;
        if (entries > BUNDLE_LIMITS.maxEntries) {
          throw new TransferError(400, `The ZIP file has more than ${BUNDLE_LIMITS.maxEntries} entries`, {});
        }
        const unsafe = unsafeEntryName(file.name);
        if (unsafe) throw new TransferError(400, `Unsafe entry name in the ZIP file: ${file.name} has ${unsafe}`, {});
        if (file.name.endsWith('/')) return false;
        if (file.originalSize > BUNDLE_LIMITS.maxFileBytes) {
          problems[file.name] = `larger than ${BUNDLE_LIMITS.maxFileBytes} bytes`;
          return false;
        }
        total += file.originalSize;
        packed += file.size;
        if (total > BUNDLE_LIMITS.maxTotalBytes) {
          throw new TransferError(400, `The ZIP file holds more than ${BUNDLE_LIMITS.maxTotalBytes} bytes`, {});
        }
        // Sizes are checked before inflating; fflate never writes past the declared size.
        return isConfigFile(withoutRoot(file.name));
      },
    });
  } catch (error) {
    if (error instanceof TransferError) throw error;
    throw new TransferError(400, 'Not a valid ZIP file', {});
  }
  if (Object.keys(problems).length > 0)
    throw new TransferError(400, 'The ZIP file has entries that are too large', problems);
  if (packed > 0 && total / packed > BUNDLE_LIMITS.maxRatio && total > 1024 * 1024) {
    throw new TransferError(400, 'The ZIP file is compressed too much to be an export (a zip bomb?)', {});
  }
  const files: BundleFiles = new Map();
  for (const [name, bytes] of Object.entries(raw)) {
    const text = decodeUtf8(name, bytes);
    files.set(withoutRoot(name), text);
  }
  return files;
}

function decodeUtf8(name: string, bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new TransferError(400, 'The ZIP file has a file that is not UTF-8 text', { [name]: 'not UTF-8 text' });
  }
}

/** DOS epoch: entries carry no time, so two exports of the same objects are the same bytes. */
const FIXED_TIME = new Date(1980, 0, 1, 0, 0, 0);

export function writeZipBundle(root: string, files: ReadonlyArray<readonly [string, string]>): Buffer {
  const entries: Record<string, [Uint8Array, { mtime: Date }]> = {};
  for (const [path, text] of files) entries[`${root}/${path}`] = [strToU8(text), { mtime: FIXED_TIME }];
  return Buffer.from(zipSync(entries, { level: 6 }));
}
