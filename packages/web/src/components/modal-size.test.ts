// The shared dialog's size rules, and the rule that every dialog of the web goes through it.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MODAL_DEFAULT_WIDTH, MODAL_RESPONSIVE_MAX_WIDTH, modalSize } from './modal-size';

const SRC = fileURLToPath(new URL('..', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('the shared modal', () => {
  it('is 600 px wide by default, and a responsive one grows to at most 900 px', () => {
    expect(MODAL_DEFAULT_WIDTH).toBe(600);
    expect(MODAL_RESPONSIVE_MAX_WIDTH).toBe(900);
    expect(modalSize({})).toEqual({ width: 600, maxWidth: undefined });
    expect(modalSize({ responsive: true })).toEqual({ width: '100vw', maxWidth: 900 });
    expect(modalSize({ responsive: true, maxWidth: 1200 })).toEqual({ width: '100vw', maxWidth: 1200 });
    expect(modalSize({ width: 800 })).toEqual({ width: 800, maxWidth: undefined });
  });

  it("is the only user of antd's Modal in the web", () => {
    const direct = sources(SRC)
      .filter((path) => !path.endsWith(join('components', 'Modal.tsx')))
      .filter((path) => {
        const text = readFileSync(path, 'utf8');
        return /import\s*\{[^}]*\bModal\b[^}]*\}\s*from\s*'antd'/.test(text) || /\bantd\/es\/modal\b/.test(text);
      })
      .map((path) => path.slice(SRC.length));
    expect(direct).toEqual([]);
  });
});
