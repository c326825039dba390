// @ts-check
/** `npm start`'s first step: runs `npm run build` only when the build is missing or stale. */
import { execFileSync } from 'node:child_process';
import { buildState, ROOT } from './build-stamp.mjs';

const state = buildState();
if (!state.current) {
  console.info(`building (${state.reason})`);
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
