// The architecture's import rules (docs/decisions/016-contracts-and-boundaries.md), as one ESLint
// rule: it resolves each import to a file under src/ and checks who may import what.
//
// - src/shared imports nothing of the client, the server or the database;
// - src/db imports nothing of the client or the server;
// - src/client imports nothing of the server or the database, one client feature never imports
//   another (pages and the app layer compose them), and components/ and lib/ import no feature;
// - a server feature imports another only through its front door (features/<name>/index.ts);
// - outside the features, server code (plugins, jobs, lib, ssr, auth, services) never
//   imports a feature: only app.ts, main.ts and cli/ wire features in, through their front doors.
import { dirname, join, relative, resolve } from 'node:path';
import { resolveImport, root, src } from './import-graph.mjs';

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

const isTest = (path) => /\.test\.tsx?$/.test(path);

/**
 * Why `from` may not import `to` (both relative to src/), or null when it may. A test composes
 * what it exercises as app.ts does, so the layers' rules leave it alone (a database test may read
 * the server's paths, an SSR test a feature's front door); a feature's internals stay its own,
 * for its tests too.
 */
export function boundaryProblem(from, to) {
  if (to.startsWith('..')) return null;
  const test = isTest(from);
  const fromLayer = layerOf(from);
  const toLayer = layerOf(to);
  if (!test && fromLayer === 'shared' && ['client', 'server', 'db'].includes(toLayer))
    return `src/shared is imported by both sides and imports neither (it imports src/${toLayer})`;
  if (!test && fromLayer === 'db' && ['client', 'server'].includes(toLayer))
    return `src/db may import src/shared only (it imports src/${toLayer})`;
  if (fromLayer === 'client') {
    if (!test && (toLayer === 'server' || toLayer === 'db'))
      return `the browser's code may not import src/${toLayer}`;
    const shared = /^client\/(components|lib)\//.test(from);
    if (!test && shared && /^client\/(features|pages|app)\//.test(to))
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
    if (mine || isCompositionRoot(from) || test) {
      return isFrontDoor(to)
        ? null
        : `import the ${theirs} feature through its front door (features/${theirs}/index.ts), not its internals`;
    }
    return `server infrastructure and services never import a feature (this imports features/${theirs}); let app.ts pass it in`;
  }
  return null;
}

/**
 * Where each alias of tsconfig.json (and vite.config.ts, for the tests) reaches. A relative path
 * that climbs out of its folder is written from one of these roots instead, so moving a file never
 * breaks its imports' meaning and a reader sees at once which part of the tree an import is from.
 */
const roots = [
  { alias: '~/', dir: src, across: "'~/' across folders" },
  { alias: '~tests/', dir: join(root, 'tests'), across: "'~tests/' for the test helpers" },
  { alias: '~scripts/', dir: join(root, 'scripts'), across: "'~scripts/' for the scripts" },
];
const siteConfig = join(root, 'site.config');

const inside = (dir, path) => !relative(dir, path).startsWith('..');

/**
 * One import style: `./` inside a folder, an alias (`~/`, `~tests/`, `~scripts/`, `@site-config`)
 * across folders. A path that climbs (`../`) is named by its alias; one no alias reaches means the
 * file lives in the wrong room. An alias that points into the importer's own folder is written `./`.
 */
export function importStyleProblem(file, specifier) {
  if (/^\.\.(\/|$)/.test(specifier)) {
    const target = resolve(dirname(file), specifier);
    if (target.replace(/\.ts$/, '') === siteConfig) {
      return {
        message:
          "import it as '@site-config': './' inside a folder, '@site-config' for the site's configuration",
        fix: '@site-config',
      };
    }
    const home = roots.find(({ dir }) => inside(dir, target));
    if (!home) {
      return {
        message: `'${specifier}' climbs out of its folder to ${relative(root, target)}, which no alias reaches: move what it needs under src/, tests/ or scripts/`,
      };
    }
    const path = `${home.alias}${relative(home.dir, target)}`;
    return {
      message: `import it as '${path}': './' inside a folder, ${home.across}`,
      fix: path,
    };
  }
  const home = roots.find(({ alias }) => specifier.startsWith(alias));
  if (!home) return null;
  const target = join(home.dir, specifier.slice(home.alias.length));
  if (dirname(target) !== dirname(file)) return null;
  const path = `./${relative(dirname(file), target)}`;
  return { message: `import it as '${path}': it is in the same folder`, fix: path };
}

export default {
  rules: {
    'import-style': {
      meta: {
        type: 'suggestion',
        docs: { description: "'./' inside a folder, an alias across folders" },
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
            ...(problem.fix && {
              fix: (fixer) => fixer.replaceText(source, `${quote}${problem.fix}${quote}`),
            }),
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
