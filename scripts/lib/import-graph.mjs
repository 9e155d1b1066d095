// The source tree's import graph: which file under src/ imports which, and its cycles. Used by
// scripts/structure-report.mjs and by tests/architecture/import-graph.test.ts.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export const root = resolve(dirname(new URL(import.meta.url).pathname), '..', '..');
export const src = join(root, 'src');

const importPattern =
  /^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

const isTest = (file) => /\.test\.tsx?$/.test(file);

function walk(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (/\.(ts|tsx)$/.test(name)) out.push(path);
  }
  return out;
}

/**
 * Every TypeScript file under src/ but tests. Test kits count: other features' tests import them,
 * so their imports are held to the same rules (no cycle, features through their front doors).
 */
export const sourceFiles = () => walk(src).filter((file) => !isTest(file));

/** The file under src/ an import names (relative or `~/`), or null for a package or no file. */
export function resolveImport(from, specifier) {
  let base;
  if (specifier.startsWith('~/')) base = join(src, specifier.slice(2));
  else if (specifier.startsWith('~tests/')) base = join(root, 'tests', specifier.slice(7));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // try the next form
    }
  }
  return null;
}

/** A file's imports of other files under src/, each with whether it is type-only. */
export function importsOf(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  for (const match of text.matchAll(importPattern)) {
    const target = resolveImport(file, match[1] ?? match[2]);
    if (target) found.push({ target, typeOnly: /^\s*(import|export)\s+type\s/.test(match[0]) });
  }
  return found;
}

/** The server feature a file belongs to (src/server/features/<name>/…), or null. */
export const featureOf = (file) =>
  relative(src, file).match(/^server\/features\/([^/]+)\//)?.[1] ?? null;

/**
 * Groups of files that import each other, directly or not (Tarjan's strongly connected
 * components of size > 1). `graph` maps a node to the nodes it imports.
 */
export function cyclesOf(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const connect = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) connect(node);
  return found;
}

/** Runtime imports between files (type-only imports vanish when compiled). */
export function moduleGraph(files = sourceFiles()) {
  return new Map(
    files.map((file) => [
      relative(root, file),
      importsOf(file)
        .filter((edge) => !edge.typeOnly)
        .map((edge) => relative(root, edge.target)),
    ]),
  );
}

/** Which server feature imports which, any import counted (types too). */
export function featureGraph(files = sourceFiles()) {
  const graph = new Map();
  for (const file of files) {
    const from = featureOf(file);
    if (!from) continue;
    for (const { target } of importsOf(file)) {
      const to = featureOf(target);
      if (to && to !== from) graph.set(from, new Set([...(graph.get(from) ?? []), to]));
    }
  }
  return graph;
}
