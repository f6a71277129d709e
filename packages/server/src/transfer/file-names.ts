// Bundle file names as Superset writes them: werkzeug's secure_filename of the name, then `_<id>` for most kinds.

/** werkzeug.utils.secure_filename: ASCII only, separators to spaces, runs of spaces to `_`, no leading dots. */
export function secureFilename(name: string): string {
  const ascii = name.normalize('NFKD').replace(/[^\x20-\x7e]/g, '');
  // Superset runs on POSIX, where only `/` is a separator; a backslash is then just a dropped character.
  const spaced = ascii.replace(/\//g, ' ').trim().split(/\s+/).join('_');
  return spaced.replace(/[^A-Za-z0-9_.-]/g, '').replace(/^[._]+|[._]+$/g, '');
}

/** Superset's get_filename: `<name>_<id>` (or `<name>` with skipId), the id alone when the name has no safe letters. */
export function exportFileName(name: string, id: number, skipId = false): string {
  const slug = secureFilename(name);
  if (!slug) return String(id);
  return skipId ? slug : `${slug}_${id}`;
}
