// The shape of the code in numbers: import lines that cross from one server feature
// into another's internals (not its index.ts), infrastructure importing a feature, import
// cycles between files and between features, response types written by hand on the client,
// files over 200 lines and the largest.
// Usage: node scripts/structure-report.mjs   (add --json for machine-readable output)
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import {
  cyclesOf,
  featureGraph,
  featureOf,
  importsOf,
  moduleGraph,
  root,
  sourceFiles,
  src,
} from './lib/import-graph.mjs';

const files = sourceFiles();
const isInfrastructure = (file) => {
  const path = relative(src, file);
  return (
    path.startsWith('server/') &&
    !path.startsWith('server/features/') &&
    !/^server\/(app|main)\.ts$|^server\/cli\//.test(path)
  );
};
const isFrontDoor = (file) => /^server\/features\/[^/]+\/index\.ts$/.test(relative(src, file));

let crossFeature = 0;
let infraToFeature = 0;
const pairs = new Set();
for (const file of files) {
  for (const { target } of importsOf(file)) {
    const from = featureOf(file);
    const to = featureOf(target);
    if (to && from && from !== to && !isFrontDoor(target)) {
      crossFeature += 1;
      pairs.add(`${from} -> ${to}`);
    }
    if (to && isInfrastructure(file)) infraToFeature += 1;
  }
}

// Response types written by hand on the client: interfaces and object types declared in the
// client's api folders (the contracts are inferred from src/shared instead).
let handWrittenTypes = 0;
for (const file of files.filter((f) => /^client\/.*\/api\//.test(relative(src, f)))) {
  const text = readFileSync(file, 'utf8');
  handWrittenTypes += (text.match(/^export (interface \w+|type \w+(<[^>]*>)? = \{)/gm) ?? [])
    .length;
}

const lineCounts = files.map((file) => ({
  file: relative(root, file),
  lines: readFileSync(file, 'utf8').split('\n').length - 1,
}));
const over200 = lineCounts.filter((entry) => entry.lines > 200).sort((a, b) => b.lines - a.lines);
const largest = lineCounts.reduce((a, b) => (b.lines > a.lines ? b : a));
const moduleCycles = cyclesOf(moduleGraph(files));
const featureCycles = cyclesOf(featureGraph(files));

const report = {
  crossFeatureImportLines: crossFeature,
  crossFeaturePairs: pairs.size,
  infrastructureImportsOfFeatures: infraToFeature,
  moduleCycles: moduleCycles.length,
  featureCycles: featureCycles.length,
  handWrittenClientTypes: handWrittenTypes,
  filesOver200Lines: over200.length,
  largestFile: `${largest.file} (${largest.lines} lines)`,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ ...report, moduleCycles, featureCycles, over200 }, null, 2));
} else {
  for (const [key, value] of Object.entries(report)) console.log(`${key}: ${value}`);
  for (const cycle of [...moduleCycles, ...featureCycles])
    console.log(`  cycle: ${cycle.join(' <-> ')}`);
  for (const entry of over200) console.log(`  ${entry.lines} ${entry.file}`);
}
