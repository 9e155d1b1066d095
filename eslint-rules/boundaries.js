// The architecture's import rules (docs/decisions/016-contracts-and-boundaries.md), as one ESLint
// rule: it resolves each import to a file under src/ and checks who may import what.
//
// - src/shared imports nothing of the client, the server or the database;
// - src/db imports nothing of the client or the server;
// - src/client imports nothing of the server or the database, one client feature never imports
//   another (pages and the app layer compose them), and components/ and lib/ import no feature;
// - a server feature imports another only through its front door (features/<name>/index.ts);
// - outside the features, server code (plugins, jobs, mail, lib, ssr, auth, services) never
//   imports a feature: only app.ts, main.ts and cli/ wire features in, through their front doors.
import { dirname, join, relative, resolve } from 'node:path';
import { resolveImport, src } from '../scripts/lib/import-graph.mjs';

const tests = join(dirname(src), 'tests');

/** The imported path relative to src/, or null for a package. */
function resolveTarget(file, specifier) {
  if (!specifier.startsWith('~/') && !specifier.startsWith('.')) return null;
  const target = resolveImport(file, specifier);
  if (target) return relative(src, target);
  // Unresolved (a file being written): judge the path as written.
  const base = specifier.startsWith('~/')
    ? join(src, specifier.slice(2))
    : resolve(dirname(file), specifier);
  return relative(src, base);
}

const serverFeature = (path) => path.match(/^server\/features\/([^/]+)(\/|$)/)?.[1] ?? null;
const clientFeature = (path) => path.match(/^client\/features\/([^/]+)(\/|$)/)?.[1] ?? null;
const isFrontDoor = (path) => /^server\/features\/[^/]+(\/index\.ts)?$/.test(path);
const isCompositionRoot = (path) => /^server\/(app|main)\.ts$|^server\/cli\//.test(path);
const layerOf = (path) => path.split('/')[0];

/** Why `from` may not import `to` (both relative to src/), or null when it may. */
export function boundaryProblem(from, to) {
  if (to.startsWith('..')) return null;
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (fromLayer === 'shared' && ['client', 'server', 'db'].includes(toLayer))
    return `src/shared is imported by both sides and imports neither (it imports src/${toLayer})`;
  if (fromLayer === 'db' && ['client', 'server'].includes(toLayer))
    return `src/db may import src/shared only (it imports src/${toLayer})`;
  if (fromLayer === 'client') {
    if (toLayer === 'server' || toLayer === 'db')
      return `the browser's code may not import src/${toLayer}`;
    const shared = /^client\/(components|lib)\//.test(from);
    if (shared && /^client\/(features|pages|app)\//.test(to))
      return `client components/ and lib/ serve every feature and import none (this imports ${to.split('/').slice(0, 3).join('/')})`;
    const mine = clientFeature(from);
    const theirs = clientFeature(to);
    if (mine && theirs && mine !== theirs)
      return `client features do not import each other (${mine} imports ${theirs}); move what both need to components/ or lib/, or compose them in a page`;
  }
  if (fromLayer === 'server' && toLayer === 'server') {
    const theirs = serverFeature(to);
    if (!theirs) return null;
    const mine = serverFeature(from);
    if (mine === theirs) return null;
    if (mine || isCompositionRoot(from)) {
      return isFrontDoor(to)
        ? null
        : `import the ${theirs} feature through its front door (features/${theirs}/index.ts), not its internals`;
    }
    return `server infrastructure and services never import a feature (this imports features/${theirs}); let app.ts pass it in`;
  }
  return null;
}

/**
 * One import style: `./` inside a folder, `~/` across folders. A relative path that climbs out of
 * its folder to a file under src/ is written from src/ instead (`~/server/lib/csv`), so moving a
 * file never breaks its imports' meaning and a reader sees at once which layer an import is from.
 * Files outside src/ (scripts, tests' helpers) are reached as they are.
 */
export function importStyleProblem(file, specifier) {
  if (!specifier.startsWith('../')) return null;
  const target = resolve(dirname(file), specifier);
  const fromSrc = relative(src, target);
  if (!fromSrc.startsWith('..')) {
    return {
      message: `import it as '~/${fromSrc}': './' inside a folder, '~/' across folders`,
      fix: `~/${fromSrc}`,
    };
  }
  // The test helpers have their own root, '~tests/', so a test imports them alike from anywhere.
  const fromTests = relative(tests, target);
  if (fromTests.startsWith('..')) return null;
  return {
    message: `import it as '~tests/${fromTests}': './' inside a folder, '~tests/' for the test helpers`,
    fix: `~tests/${fromTests}`,
  };
}

export default {
  rules: {
    'import-style': {
      meta: {
        type: 'suggestion',
        docs: { description: "'./' inside a folder, '~/' across folders" },
        fixable: 'code',
        schema: [],
      },
      create(context) {
        const file = context.filename;
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const problem = importStyleProblem(file, source.value);
          if (!problem) return;
          const quote = source.raw?.[0] ?? "'";
          context.report({
            node: source,
            message: problem.message,
            fix: (fixer) => fixer.replaceText(source, `${quote}${problem.fix}${quote}`),
          });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
    boundaries: {
      meta: {
        type: 'problem',
        docs: { description: 'Keep imports within the layers and features they belong to' },
        schema: [],
      },
      create(context) {
        const file = context.filename;
        const from = relative(src, file);
        if (from.startsWith('..')) return {};
        const check = (node, source) => {
          if (!source || typeof source.value !== 'string') return;
          const to = resolveTarget(file, source.value);
          if (to === null) return;
          const problem = boundaryProblem(from, to);
          if (problem) context.report({ node, message: problem });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source),
          ExportNamedDeclaration: (node) => check(node, node.source),
          ExportAllDeclaration: (node) => check(node, node.source),
          ImportExpression: (node) => check(node, node.source),
        };
      },
    },
  },
};
