/** `npm run crash-test`: the long form of the crash test (the short form runs in CI as a test). */
import { runCrashTest } from './crash.ts';

const databaseUrl = process.env.CRASH_DATABASE_URL;
const report = await runCrashTest({
  players: Number(process.env.CRASH_PLAYERS ?? 100),
  concurrency: Number(process.env.CRASH_CONCURRENCY ?? 4),
  killAfterMs: Number(process.env.CRASH_SECONDS ?? 10) * 1000,
  env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
  log: (line) => console.info(line),
});
console.info(JSON.stringify(report, null, 2));
if (report.missing + report.wrongOwner + report.undercounted > 0) process.exit(1);
