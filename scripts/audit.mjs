// `npm run audit:prod`: npm's advisory audit of the production dependencies (docs/security.md).
// Fails on any high or critical advisory. When the audit endpoint itself cannot be reached or
// refuses the call (the registry this project's machines use answers 405 to it), it warns and
// passes: an environmental limit, not a clean bill of health.
import { spawnSync } from 'node:child_process';

const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  encoding: 'utf8',
  shell: process.platform === 'win32',
  maxBuffer: 64 * 1024 * 1024,
});

function fail(message) {
  console.error(`audit:prod: ${message}`);
  process.exit(1);
}

let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  fail(
    `npm audit gave no report (exit ${result.status ?? result.signal}).\n${result.stderr ?? ''}`,
  );
}

// The endpoint answered with an HTTP error, or was never reached (DNS, refused, timed out).
const unreachable =
  typeof report.statusCode === 'number' ||
  /\b(E\d{3}|ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|ENETUNREACH)\b/.test(
    `${report.error?.code ?? ''} ${report.code ?? ''}`,
  ) ||
  /audit endpoint returned an error/.test(result.stderr ?? '');
if (!report.metadata?.vulnerabilities && unreachable) {
  const why = report.message ?? report.error?.summary ?? report.error?.code ?? 'no answer';
  console.warn(
    `audit:prod: WARNING: the npm audit endpoint could not be used (${why}).\n` +
      'No advisories were checked. This is a known limit of this environment (docs/security.md);\n' +
      'run `npm audit --omit=dev` where registry.npmjs.org answers audits.',
  );
  process.exit(0);
}
if (report.error) fail(`npm audit failed: ${JSON.stringify(report.error)}`);

const counts = report.metadata?.vulnerabilities;
if (!counts) fail('npm audit gave a report without its counts.');

const serious = Object.values(report.vulnerabilities ?? {}).filter((v) =>
  ['high', 'critical'].includes(v.severity),
);
const summary = ['critical', 'high', 'moderate', 'low', 'info']
  .map((level) => `${counts[level] ?? 0} ${level}`)
  .join(', ');
if (serious.length > 0 || (counts.high ?? 0) + (counts.critical ?? 0) > 0) {
  for (const v of serious) {
    const titles = v.via
      .map((via) => (typeof via === 'string' ? `via ${via}` : `${via.title} (${via.url})`))
      .join('; ');
    console.error(`  ${v.severity.padEnd(8)} ${v.name} ${v.range}: ${titles}`);
  }
  fail(`high or critical advisories in the production dependencies (${summary}).`);
}
console.log(`audit:prod: no high or critical advisories (${summary}).`);
