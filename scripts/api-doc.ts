/**
 * `npm run docs:api`: writes docs/api.md from the route tables of src/shared/api. Each entry's
 * JSDoc is its purpose, and its `@caller` tag says who may call it; the tables are imported for
 * the routes themselves and their source is parsed (TypeScript's compiler) for the comments.
 * tests/architecture/api-doc.test.ts fails when the page is not what this writes.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const tablesDir = join(root, 'src', 'shared', 'api');
export const docPath = join(root, 'docs', 'api.md');

/** Who may call a route: the value of its `@caller` tag, and the page's section for it. */
export const callers = {
  public: { title: 'Public', intro: 'Anyone may call these.' },
  'donor-link': {
    title: "A donor's link",
    intro:
      "The cookie session that a single-use link mailed to a donor or member opens (My giving, the prayer names); a receipt or statement also opens with its mail's `?token=`.",
  },
  'sign-in': {
    title: 'Signing in',
    intro:
      "The sign-in, and its second step, which needs the pending sign-in's cookie instead of a session (ADR 018).",
  },
  admin: {
    title: 'Signed-in administrator',
    intro:
      'A signed-in session (401 without one); every write also needs the `x-csrf-token` header.',
  },
  owner: {
    title: 'Owners only',
    intro: "As an administrator's, and the account is an owner's: 403 for any other.",
  },
  integrations: {
    title: 'Integrations',
    intro:
      'GoHighLevel and Zapier, for a signed-in administrator (401 without a session); writes need `x-csrf-token`.',
  },
} as const;
export type Caller = keyof typeof callers;

export interface DocumentedRoute {
  /** `POST /api/contact`, as the table writes it. */
  route: string;
  /** What the route is for: its entry's JSDoc, on one line. */
  purpose: string;
  caller: Caller;
  /** Where it is written: `contactApi.send` in src/shared/api/contact.ts, or this script. */
  source: string;
}

/**
 * Addresses the server answers that no browser code calls through a table (the pages' own
 * fallbacks without JavaScript): their purposes live here.
 */
const besideSource = 'scripts/api-doc.ts';
const besideTheTables: readonly [route: string, purpose: string][] = [
  [
    'GET /newsletter/confirm',
    "The mailed confirmation link's page (`?token=`), with the button that confirms (ADR 034).",
  ],
  [
    'POST /newsletter/confirm',
    "The mailed link's page's button (`_form=newsletter-confirm`, `token`): confirms once (ADR 034).",
  ],
];

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/** Each entry's JSDoc in one table file, by `tableName.key`. */
function commentsOf(file: string) {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
  );
  const found = new Map<string, { purpose: string; caller: string | undefined }>();
  source.forEachChild((statement) => {
    if (!ts.isVariableStatement(statement)) return;
    for (const declaration of statement.declarationList.declarations) {
      let value = declaration.initializer;
      while (value && ts.isAsExpression(value)) value = value.expression;
      if (!value || !ts.isObjectLiteralExpression(value)) continue;
      for (const property of value.properties) {
        if (!ts.isPropertyAssignment(property)) continue;
        const docs = ts.getJSDocCommentsAndTags(property).filter(ts.isJSDoc);
        const doc = docs.at(-1);
        const caller = doc?.tags?.find((tag) => tag.tagName.text === 'caller');
        found.set(`${declaration.name.getText(source)}.${property.name.getText(source)}`, {
          purpose: oneLine(ts.getTextOfJSDocComment(doc?.comment) ?? ''),
          caller: oneLine(ts.getTextOfJSDocComment(caller?.comment) ?? '') || undefined,
        });
      }
    }
  });
  return found;
}

/** Every route of src/shared/api, then those beside the tables, with purpose and caller. */
export async function documentedRoutes(): Promise<DocumentedRoute[]> {
  const routes: DocumentedRoute[] = [];
  for (const name of readdirSync(tablesDir)
    .filter((n) => n.endsWith('.ts'))
    .sort()) {
    const file = join(tablesDir, name);
    const comments = commentsOf(file);
    const tables = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const [tableName, table] of Object.entries(tables)) {
      for (const [key, route] of Object.entries(table as Record<string, string>)) {
        const where = `${tableName}.${key}`;
        const comment = comments.get(where);
        if (!comment?.caller || !(comment.caller in callers))
          throw new Error(
            `${where} in src/shared/api/${name} needs \`@caller\` (${Object.keys(callers).join(', ')}) in its JSDoc`,
          );
        routes.push({
          route,
          purpose: comment.purpose,
          caller: comment.caller as Caller,
          source: `${where} in src/shared/api/${name}`,
        });
      }
    }
  }
  for (const [route, purpose] of besideTheTables)
    routes.push({ route, purpose, caller: 'public', source: besideSource });
  return routes;
}

/** A paragraph as lines of at most 100 characters, as the other docs are written. */
function wrap(paragraph: string, width = 100) {
  const lines: string[] = [];
  let line = '';
  for (const word of paragraph.split(' ')) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

const cell = (text: string) => text.replaceAll('|', '\\|');
const tableOf = (routes: DocumentedRoute[]) => [
  '| method and path | purpose |',
  '| --- | --- |',
  ...routes.map((r) => `| \`${r.route}\` | ${cell(r.purpose)} |`),
];

/** docs/api.md as the tables write it, formatted as Prettier formats the rest. */
export async function renderApiDoc(): Promise<string> {
  const routes = await documentedRoutes();
  const tables = routes.filter((r) => r.source !== besideSource);
  const beside = routes.filter((r) => r.source === besideSource);
  const lines = [
    '# The HTTP API',
    '',
    '<!-- Generated by `npm run docs:api` from src/shared/api; do not edit by hand. -->',
    '',
    ...wrap(
      "Every route the server registers, by who may call it. Each route's method and path are written once, in its feature's table in `src/shared/api/` (ADR 057): the server registers from it and the browser calls through it. The entry's JSDoc says what the route is for, and its `@caller` tag who may call it; this page is generated from them by `npm run docs:api` (scripts/api-doc.ts), so edit the tables, not this page. Its request and answer are one zod contract in `src/shared/schemas/` (the file named as the feature); the server validates and serialises with it and the browser reads the answer through it. `tests/architecture/api-doc.test.ts` fails when this page is not what the script writes, when a route the app registers is in no table or has no purpose, and when a route answers an anonymous request otherwise than its `@caller` says.",
    ),
    '',
    ...wrap(
      'Bad input answers 400 `{error: {code, message, fields}}`; each form is rate-limited per IP (429 with `Retry-After`) and carries a honeypot field. Every write of a signed-in administrator also needs the `x-csrf-token` header.',
    ),
  ];
  for (const [caller, { title, intro }] of Object.entries(callers)) {
    const rows = tableOf(tables.filter((r) => r.caller === caller));
    lines.push('', `## ${title}`, '', ...wrap(intro), '', ...rows);
  }
  lines.push(
    '',
    '## Beside the tables',
    '',
    ...wrap(
      'Anyone may call these, and no browser code calls them through a table; their purposes are written in scripts/api-doc.ts.',
    ),
    '',
    ...tableOf(beside),
  );
  const options = await prettier.resolveConfig(docPath);
  return prettier.format(lines.join('\n'), { ...options, filepath: docPath });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(docPath, await renderApiDoc());
  console.log(`wrote ${docPath}`);
}
