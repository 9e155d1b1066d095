import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseEnv as parseEnvFile } from 'node:util';
import semver from 'semver';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '~/server/env';
import { rootDir } from '~/server/lib/paths';
import {
  loadSettingsFile,
  minimumNodeVersion,
  nodeVersionProblem,
} from '~/server/lib/settings-file.mjs';

const readJson = (path: string) => JSON.parse(readFileSync(join(rootDir, path), 'utf8'));

describe('the settings file (.env)', () => {
  const dirs: string[] = [];
  const keys = ['TZIYUN_TEST_FROM_FILE', 'TZIYUN_TEST_IN_BOTH', 'TZIYUN_TEST_QUOTED'];
  afterEach(() => {
    for (const key of keys) delete process.env[key];
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is read when it exists, the environment winning over the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tziyun-env-'));
    dirs.push(dir);
    writeFileSync(
      join(dir, '.env'),
      '# a comment\nTZIYUN_TEST_FROM_FILE=file\nTZIYUN_TEST_IN_BOTH=file\nTZIYUN_TEST_QUOTED="a b"\n',
    );
    process.env.TZIYUN_TEST_IN_BOTH = 'environment';
    expect(loadSettingsFile(dir)).toBe(join(dir, '.env'));
    expect(process.env.TZIYUN_TEST_FROM_FILE).toBe('file');
    expect(process.env.TZIYUN_TEST_IN_BOTH).toBe('environment');
    expect(process.env.TZIYUN_TEST_QUOTED).toBe('a b');
  });

  it('is optional', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tziyun-env-'));
    dirs.push(dir);
    expect(loadSettingsFile(dir)).toBeNull();
  });

  it('names the file it cannot read', () => {
    const dir = mkdtempSync(join(tmpdir(), 'tziyun-env-'));
    dirs.push(dir);
    mkdirSync(join(dir, '.env')); // there, but not a file
    expect(() => loadSettingsFile(dir)).toThrow(
      `Could not read the settings file ${join(dir, '.env')}`,
    );
  });

  it('copied from .env.example is a valid configuration', () => {
    const example = parseEnvFile(readFileSync(join(rootDir, '.env.example'), 'utf8'));
    expect(() => parseEnv(example)).not.toThrow();
    // `npm start` serves in production unless told otherwise: the example does not say otherwise.
    expect(example.NODE_ENV).toBeUndefined();
  });

  it('is read by `npm start` and the admin commands before anything else', () => {
    for (const entry of ['scripts/start.mjs', 'src/server/cli/admin.ts']) {
      const source = readFileSync(join(rootDir, entry), 'utf8');
      const prepared = source.indexOf('prepareSettings();');
      expect(prepared, entry).toBeGreaterThan(0);
      // Nothing that reads a setting is imported statically after it (dynamic imports only).
      expect(source.slice(prepared).match(/^import /m), entry).toBeNull();
    }
  });
});

describe('the Node.js version', () => {
  it('is checked against the minimum package.json states', () => {
    expect(semver.minVersion(readJson('package.json').engines.node)?.version).toBe(
      minimumNodeVersion,
    );
    expect(nodeVersionProblem('20.19.0')).toBeNull();
    expect(nodeVersionProblem('v22.3.1')).toBeNull();
    expect(nodeVersionProblem('20.18.3')).toBe(
      'This site needs Node.js 20.19.0 or newer; this is Node.js 20.18.3. Install a newer Node.js (https://nodejs.org) and run the command again.',
    );
    expect(nodeVersionProblem('v18.20.0')).toContain('this is Node.js 18.20.0');
  });

  it('is supported by every installed package (npm install prints no EBADENGINE)', () => {
    const lock = readJson('package-lock.json') as {
      packages: Record<string, { engines?: { node?: string } | string[] }>;
    };
    const refusing = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!range || semver.satisfies(minimumNodeVersion, range)) return [];
      return [`${path.replace(/^.*node_modules\//, '')} wants Node ${range}`];
    });
    expect(refusing).toEqual([]);
  });
});
