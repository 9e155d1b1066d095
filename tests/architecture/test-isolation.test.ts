import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { rootDir } from '~/server/lib/paths';
import { replacesModules, sharedGraphFolders } from '~tests/replaces-modules';

/** Every test file under `dir`, relative to the project's root. */
function testFiles(dir: string): string[] {
  return readdirSync(join(rootDir, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
    .map((entry) => relative(rootDir, join(entry.parentPath, entry.name)));
}

/** `vi.mock`, `vi.doMock`, `vi.unmock`, `vi.doUnmock`, `vi.resetModules`: not `vi.mocked`. */
const replacesAModule = (file: string) =>
  /\bvi\s*\.\s*(?:mock|doMock|unmock|doUnmock|resetModules)\s*\(/.test(
    readFileSync(join(rootDir, file), 'utf8'),
  );

describe('the test files that share a module graph (vite.config.ts, project server)', () => {
  const shared = sharedGraphFolders.flatMap(testFiles);

  it('replace no module: each that does is listed in tests/replaces-modules.ts', () => {
    const replacing = shared.filter(replacesAModule).sort();
    expect(replacing).toEqual([...replacesModules].sort());
  });

  it("are every test file but the components' (no test file is left out of both projects)", () => {
    const components = testFiles('src/client');
    expect([...shared, ...components].sort()).toEqual(
      [...testFiles('src'), ...testFiles('tests')].sort(),
    );
  });

  it('are found, and so is each listed file', () => {
    expect(shared.length).toBeGreaterThan(100);
    for (const file of replacesModules) expect(shared, file).toContain(file);
  });
});
