#!/usr/bin/env node
// The README's test command: builds the web app (the end-to-end tests serve it), runs every
// Vitest project (unit, integration on PGlite and, with TEST_DATABASE_URL, PostgreSQL, and
// end-to-end in Chromium), then prints one closing line "tests: N passed, N failed, N skipped".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const e2eOnly = process.argv.includes('--e2e-only');
const report = '.vitest-report.json';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const build = spawnSync(npm, ['run', 'build'], { stdio: 'inherit' });
if (build.status !== 0) {
  console.log('tests: 0 passed, 1 failed (the web build failed)');
  process.exit(1);
}

rmSync(report, { force: true });
const args = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`];
if (e2eOnly) args.push('--project', 'e2e');
const run = spawnSync('npx', args, { stdio: 'inherit' });

if (!existsSync(report)) {
  console.log('tests: 0 passed, 1 failed (vitest produced no report)');
  process.exit(run.status || 1);
}
const result = JSON.parse(readFileSync(report, 'utf8'));
// a file that fails to load has no failed test, only a failed suite
const failed = result.numFailedTests || result.numFailedTestSuites || 0;
console.log(`tests: ${result.numPassedTests} passed, ${failed} failed, ${result.numPendingTests + result.numTodoTests} skipped`);
process.exit(run.status === 0 && failed === 0 && result.numPassedTests > 0 ? 0 : 1);
