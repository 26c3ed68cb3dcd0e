import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { runToExit } from '../support/run-script';

it('a process whose core failed ends with code 1 and the fatal line logged (crash-only)', { timeout: 120_000 }, async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'tessera-failing-core-'));
  try {
    const run = await runToExit('apps/server/test/crash/failing-core-server.ts', { DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
    expect(run.output).not.toContain('still serving');
    expect(run.output).toContain('the core failed');
    expect(run.code).toBe(1);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});
