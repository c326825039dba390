/**
 * `npm run attack`: the bounded attack against local server processes; writes ATTACK.md and exits
 * 1 when any probe found a broken promise.
 *
 *   npm run attack                    full size, embedded + two instances (PostgreSQL + Redis)
 *   npm run attack -- --quick         the test suite's size
 *   npm run attack -- --no-cluster    the embedded server only
 *   npm run attack -- --out FILE      write the report elsewhere
 */
import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../lib/server-process.ts';
import { formatReport, runAttack } from './suite.ts';

const args = process.argv.slice(2);
const outAt = args.indexOf('--out');
const out = outAt >= 0 ? path.resolve(args[outAt + 1] ?? 'ATTACK.md') : path.join(REPO_ROOT, 'ATTACK.md');
const scale = args.includes('--quick') ? 'quick' : 'full';
const cluster = !args.includes('--no-cluster');
// The whole attack is bounded; a hang is itself a finding.
const watchdog = setTimeout(() => {
  console.error('the attack took more than 15 minutes; stopping');
  process.exit(2);
}, 15 * 60_000);
watchdog.unref();

const report = await runAttack({ scale, cluster, log: (l) => console.info(l) });
const command = [
  'npm run attack',
  ...(args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out').length > 0
    ? ['--', ...args.filter((a, i) => a !== '--out' && args[i - 1] !== '--out')]
    : []),
].join(' ');
fs.writeFileSync(out, `${formatReport(report, command)}\n`);
const findings = report.results.flatMap((r) => r.findings.map((f) => `${r.name}: ${f}`));
console.info(`wrote ${out}: ${report.results.length} probes, ${findings.length} findings`);
for (const f of findings) console.error(`  ${f}`);
process.exit(findings.length > 0 ? 1 : 0);
