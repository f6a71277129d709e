// The server's layers, checked over its import graph (every relative import of src/, `import type` and dynamic
// `import()` included, read by the TypeScript compiler's own pre-processor):
// - layers point down: nothing outside src/api/ imports from it, except app/build-app.ts, which registers the routes;
// - no import circle: a circle of types alone still ties the modules' meaning together, so it counts too.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '../../src');

/** The one module outside api/ allowed to import it: the wiring that registers every route. */
const ROUTE_WIRING = new Set(['app/build-app.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Each source file (relative to src/, forward slashes) and the source files it imports. */
function importGraph(): Map<string, string[]> {
  const files = sourceFiles(SRC);
  const known = new Set(files.map((file) => relative(SRC, file)));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((imported) => imported.fileName)
      .filter((name) => name.startsWith('.'))
      .map((name) => relative(SRC, resolve(dirname(file), name.replace(/\.js$/, '.ts'))))
      .map((name) => (known.has(name) ? name : join(name.replace(/\.ts$/, ''), 'index.ts')));
    graph.set(
      relative(SRC, file),
      [...new Set(targets)].filter((name) => known.has(name)),
    );
  }
  return graph;
}

/** Strongly connected components of more than one module (or a module importing itself): Tarjan's algorithm. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node)!, index.get(target)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('server import graph', () => {
  const graph = importGraph();

  it('reads the whole source tree', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('app/build-app.ts')).toContain('api/chart/routes.ts');
  });

  it('has no module outside api/ importing api/, but the route wiring', () => {
    const offenders = [...graph]
      .filter(([file]) => !file.startsWith('api/') && !ROUTE_WIRING.has(file))
      .flatMap(([file, targets]) => targets.filter((t) => t.startsWith('api/')).map((t) => `${file} -> ${t}`));
    expect(offenders).toEqual([]);
  });

  it('has no import circle', () => {
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const looped = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(circles(looped)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
  });
});
