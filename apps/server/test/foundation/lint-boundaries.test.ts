import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer boundaries and the type-aware promise rules are enforced by the repository's own lint
 * configuration: each sample below breaks one rule and must be reported, so a rule that stops
 * firing (a renamed folder, a dropped config block) fails here instead of going quiet.
 */
const root = fileURLToPath(new URL('../../../../', import.meta.url));
const SAMPLES = {
  core: 'apps/server/src/core/boundary-sample.ts',
  realtime: 'apps/server/src/realtime/boundary-sample.ts',
  feature: 'apps/web/src/features/home/boundary-sample.ts',
};
// the samples exist on no disk, so no workspace tsconfig lists them: they get the default project
const eslint = new ESLint({
  cwd: root,
  overrideConfig: { languageOptions: { parserOptions: { projectService: { allowDefaultProject: Object.values(SAMPLES) } } } },
});

/** The messages of `ruleId` that linting `code` as if it were the file `filePath` reports. */
async function reported(filePath: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  expect(result?.messages.filter((message) => message.fatal)).toEqual([]);
  return (result?.messages ?? []).filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

describe('lint boundaries', { timeout: 60_000 }, () => {
  it('keeps the core from importing the modules or the HTTP layer', async () => {
    const file = SAMPLES.core;
    expect(await reported(file, "import { x } from '../modules/wallets/service';\nexport const y = x;\n", 'tessera/boundaries')).toEqual([
      "The core imports neither modules/ nor http/: '../modules/wallets/service' is outside it.",
    ]);
    expect(await reported(file, "export { x } from '../http/error-handler';\n", 'tessera/boundaries')).toHaveLength(1);
    expect(await reported(file, "import { Refusal } from './refusal';\nexport const y = Refusal;\n", 'tessera/boundaries')).toEqual([]);
  });

  it('lets screens reach the server only through the API index', async () => {
    const file = SAMPLES.feature;
    expect(await reported(file, "import { call } from '../../api/client';\nexport const y = call;\n", 'tessera/boundaries')).toEqual([
      "Screens reach the server only through the API layer's index ('api'), not '../../api/client'.",
    ]);
    expect(await reported(file, "import { io } from 'socket.io-client';\nexport const y = io;\n", 'tessera/boundaries')).toEqual([
      "Only apps/web/src/api talks to the server: import 'socket.io-client' there, not here.",
    ]);
    expect(await reported(file, "export const y = () => fetch('/api/x');\n", 'no-restricted-globals')).toHaveLength(1);
    expect(await reported(file, "import { call } from '../../api';\nexport const y = call;\n", 'tessera/boundaries')).toEqual([]);
  });

  it('lets a feature reach another only through its index', async () => {
    const file = SAMPLES.feature;
    expect(await reported(file, "import { useSession } from '../auth/session';\nexport const y = useSession;\n", 'tessera/boundaries')).toEqual([
      "A feature reaches the feature 'auth' only through its index.ts (the folder itself), not '../auth/session'.",
    ]);
    expect(await reported(file, "export const y = () => import('../market/CandleChart');\n", 'tessera/boundaries')).toHaveLength(1);
    expect(await reported(file, "import { useSession } from '../auth';\nexport const y = useSession;\n", 'tessera/boundaries')).toEqual([]);
    expect(await reported(file, "import { Sparkline } from './Sparkline';\nexport const y = Sparkline;\n", 'tessera/boundaries')).toEqual([]);
  });

  it('reports promises left floating or passed where a callback returns nothing', async () => {
    const file = SAMPLES.realtime;
    const floating = 'async function work(): Promise<void> {}\nexport function run(): void {\n  work();\n}\n';
    expect(await reported(file, floating, '@typescript-eslint/no-floating-promises')).toHaveLength(1);
    const misused = 'export function use(callback: (next: () => void) => void): void { callback(() => {}); }\nuse(async (next) => { await Promise.resolve(); next(); });\n';
    expect(await reported(file, misused, '@typescript-eslint/no-misused-promises')).toHaveLength(1);
    const awaitBoolean = 'export async function run(open: boolean): Promise<boolean> {\n  return await open;\n}\n';
    expect(await reported(file, awaitBoolean, '@typescript-eslint/await-thenable')).toHaveLength(1);
    const partial = "export function name(side: 'buy' | 'sell'): string {\n  switch (side) {\n    case 'buy':\n      return 'b';\n    default:\n      return 's';\n  }\n}\n";
    expect(await reported(file, partial, '@typescript-eslint/switch-exhaustiveness-check')).toHaveLength(1);
  });
});
