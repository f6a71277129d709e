// Whether an error is a code chunk the browser could not load (a lazy route or component after a deploy, a dropped
// connection): spec §8 shows "UI Load Error: Please refresh the browser" for it instead of a generic failure.

export const UI_LOAD_ERROR_MESSAGE = 'UI Load Error: Please refresh the browser';

/** What each browser says when a dynamic import() fails; these texts are the only signal the platform gives. */
const CHUNK_FAILURE_TEXTS = [
  'failed to fetch dynamically imported module', // Chromium
  'error loading dynamically imported module', // Firefox
  'importing a module script failed', // Safari
  'unable to preload css', // Vite's preload helper
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error) && (typeof error !== 'object' || error === null)) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  if (typeof message !== 'string') return false;
  const text = message.toLowerCase();
  return CHUNK_FAILURE_TEXTS.some((known) => text.includes(known)) || /^loading (css )?chunk \S+ failed/.test(text);
}
