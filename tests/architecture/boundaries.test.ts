import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '~scripts/lib/lint-rules.js';
import { cyclesOf, featureGraph, moduleGraph, root } from '~scripts/lib/import-graph.mjs';

// The architecture's import rules (docs/decisions/016-contracts-and-boundaries.md) hold on the
// tree as it is, and the lint fails on each kind of import they forbid.

describe('the import graph', () => {
  it('has no import cycle between files', () => {
    expect(cyclesOf(moduleGraph())).toEqual([]);
  });

  it('has no cycle between server features', () => {
    expect(cyclesOf(featureGraph())).toEqual([]);
  });

  it('holds test kits to it like other code (tests alone are left out)', () => {
    const files = [...moduleGraph().keys()];
    expect(files).toContain('src/server/services/media/media-test-kit.ts');
    expect(files.filter((file) => file.endsWith('.test.ts'))).toEqual([]);
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cyclesOf(graph)).toEqual([['a', 'b', 'c']]);
  });
});

describe('the boundaries lint rule', () => {
  const eslint = new ESLint({ cwd: root });
  const problemsIn = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'local/boundaries').map((m) => m.message);
  };

  it("fails an import of another server feature's internals", async () => {
    const problems = await problemsIn(
      'src/server/features/ojc/example.ts',
      "import { donationRoutes } from '../donations/routes';\nexport const x = donationRoutes;\n",
    );
    expect(problems).toEqual([
      'import the donations feature through its front door (features/donations/index.ts), not its internals',
    ]);
  });

  it("fails a test kit that re-exports another feature's internals (test kits are not exempt)", async () => {
    const problems = await problemsIn(
      'src/server/features/ojc/ojc-test-kit.ts',
      "export { donationRoutes } from '../donations/routes';\n",
    );
    expect(problems).toEqual([
      'import the donations feature through its front door (features/donations/index.ts), not its internals',
    ]);
  });

  it("passes an import of another feature's front door, and of the feature's own files", async () => {
    const problems = await problemsIn(
      'src/server/features/ojc/example.ts',
      "import { memberToPayFor } from '../members';\nimport { ojcRoutes } from './routes';\nexport const x = [memberToPayFor, ojcRoutes];\n",
    );
    expect(problems).toEqual([]);
  });

  it('fails infrastructure or a shared service that imports a feature, even its front door', async () => {
    for (const file of ['src/server/plugins/example.ts', 'src/server/services/audit/example.ts']) {
      const problems = await problemsIn(
        file,
        "import { videoRoutes } from '~/server/features/videos';\nexport const x = videoRoutes;\n",
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/never import a feature/);
    }
  });

  it('fails the browser importing the server, and one client feature importing another', async () => {
    expect(
      await problemsIn(
        'src/client/features/membership/example.ts',
        "import { members } from '~/db/schema';\nimport { x } from '../donations/lib/y';\nexport const z = [members, x];\n",
      ),
    ).toEqual([
      "the browser's code may not import src/db",
      'client features do not import each other (membership imports donations); move what both need to components/ or lib/, or compose them in a page',
    ]);
  });

  it('fails a generic client component importing a feature', async () => {
    expect(
      boundaryProblem('client/components/ui/list-panel.tsx', 'client/features/admin/api/x.ts'),
    ).toMatch(/import none/);
    expect(boundaryProblem('client/pages/admin-page.tsx', 'client/features/admin/api/x.ts')).toBe(
      null,
    );
  });

  it("fails a test that reaches into another feature's internals, not one beside its module", async () => {
    expect(
      await problemsIn(
        'src/server/features/campaigns/example.test.ts',
        "import { sample } from '~/server/features/videos/video-kit';\nimport { x } from './routes';\nexport const y = [sample, x];\n",
      ),
    ).toEqual([
      'import the videos feature through its front door (features/videos/index.ts), not its internals',
    ]);
    expect(
      await problemsIn(
        'src/server/services/media/example.test.ts',
        "import { videoRoutes } from '~/server/features/videos/routes';\nexport const x = videoRoutes;\n",
      ),
    ).toHaveLength(1);
  });

  it('lets a test compose front doors and layers as app.ts does', async () => {
    expect(
      await problemsIn(
        'src/server/ssr/example.test.ts',
        "import { contactRoutes } from '~/server/features/contact';\nexport const x = contactRoutes;\n",
      ),
    ).toEqual([]);
    expect(boundaryProblem('db/example.test.ts', 'server/lib/paths.ts')).toBe(null);
    expect(boundaryProblem('db/example.ts', 'server/lib/paths.ts')).toMatch(/src\/db may import/);
  });

  it('fails src/shared or src/db importing the server', async () => {
    expect(
      await problemsIn(
        'src/shared/example.ts',
        "import { AppError } from '../server/errors';\nexport const x = AppError;\n",
      ),
    ).toHaveLength(1);
    expect(boundaryProblem('db/schema/x.ts', 'server/errors.ts')).toMatch(/src\/db may import/);
  });
});

describe('the import style lint rule', () => {
  const eslint = new ESLint({ cwd: root });
  const styleProblemsIn = async (file: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath: join(root, file) });
    return result!.messages.filter((m) => m.ruleId === 'local/import-style').map((m) => m.message);
  };

  it("fails a path that climbs out of its folder to src/, and names the '~/' path", async () => {
    const problems = await styleProblemsIn(
      'src/server/features/ojc/example.ts',
      "import { csvCell } from '../../lib/csv';\nexport const x = csvCell;\n",
    );
    expect(problems).toEqual([
      "import it as '~/server/lib/csv': './' inside a folder, '~/' across folders",
    ]);
  });

  it("fails a path that climbs to the test helpers, and names the '~tests/' path", async () => {
    const problems = await styleProblemsIn(
      'src/server/features/ojc/example.test.ts',
      "import { buildTestApp } from '../../../../tests/helpers/app';\nexport const x = buildTestApp;\n",
    );
    expect(problems).toEqual([
      "import it as '~tests/helpers/app': './' inside a folder, '~tests/' for the test helpers",
    ]);
  });

  it("fails a path that climbs to the scripts or the site's configuration, and names its alias", async () => {
    expect(
      await styleProblemsIn(
        'tests/proxy/example.ts',
        "import { root } from '../../scripts/resilience-lib';\nexport const x = root;\n",
      ),
    ).toEqual([
      "import it as '~scripts/resilience-lib': './' inside a folder, '~scripts/' for the scripts",
    ]);
    expect(
      await styleProblemsIn(
        'e2e/example.spec.ts',
        "import siteConfig from '../site.config';\nexport const x = siteConfig;\n",
      ),
    ).toEqual([
      "import it as '@site-config': './' inside a folder, '@site-config' for the site's configuration",
    ]);
    expect(
      await styleProblemsIn(
        'scripts/example.ts',
        "import { openDatabase } from '../src/db/client';\nexport const x = openDatabase;\n",
      ),
    ).toEqual(["import it as '~/db/client': './' inside a folder, '~/' across folders"]);
  });

  it('fails a path that climbs to a file no alias reaches, and says to move it', async () => {
    const problems = await styleProblemsIn(
      'e2e/example.spec.ts',
      "import { baseURL } from '../playwright.config';\nexport const x = baseURL;\n",
    );
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/playwright\.config, which no alias reaches: move/);
  });

  it("fails an alias that points into the importer's own folder, and names the './' path", async () => {
    expect(
      await styleProblemsIn(
        'src/client/pages/example-page.tsx',
        "import { NotFoundPage } from '~/client/pages/not-found-page';\nexport const x = NotFoundPage;\n",
      ),
    ).toEqual(["import it as './not-found-page': it is in the same folder"]);
    expect(
      await styleProblemsIn(
        'tests/helpers/example.ts',
        "import { buildTestApp } from '~tests/helpers/app';\nexport const x = buildTestApp;\n",
      ),
    ).toEqual(["import it as './app': it is in the same folder"]);
  });

  it("passes './' inside a folder and an alias across folders", async () => {
    const problems = await styleProblemsIn(
      'src/server/features/ojc/example.test.ts',
      "import { ojcRoutes } from './routes';\nimport { csvCell } from '~/server/lib/csv';\nimport { buildTestApp } from '~tests/helpers/app';\nimport { root } from '~scripts/resilience-lib';\nimport siteConfig from '@site-config';\nexport const x = [ojcRoutes, csvCell, buildTestApp, root, siteConfig];\n",
    );
    expect(problems).toEqual([]);
  });
});
