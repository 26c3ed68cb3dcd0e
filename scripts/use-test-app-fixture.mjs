#!/usr/bin/env node
// Rewrites server test files from the repeated start/stop lines to the shared fixture
// (apps/server/test/support/fixture.ts):
//
//   let app: TestApp;                              const { app, api } = useTestApp(kind);
//   let api: ReturnType<typeof apiClient>;    =>
//   beforeAll(async () => {
//     app = await createTestApp(kind);
//     api = apiClient(app);
//   });
//   afterAll(() => app.close());
//
// The audit before closing (`expect((await runAudit(app.db)).ok).toBe(true)`) becomes
// `{ audit: true }`. A file that does anything else with `app` or `api` (assigns it again, closes it
// some other way, starts it in beforeEach) is left as it is. Safe to run again: rewritten files
// no longer match. Usage: node scripts/use-test-app-fixture.mjs [files…] (default: every
// apps/server/test/**/*.test.ts); prints what it rewrote and what it left.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const testRoot = path.join(root, 'apps/server/test');

function testFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return testFiles(full);
    return name.endsWith('.test.ts') ? [full] : [];
  });
}

const AUDIT_CLOSE = [
  /^\s*afterAll\(async \(\) => \{\n\s*expect\(\(await runAudit\(app\.db\)\)\.ok\)\.toBe\(true\);\n\s*await app\.close\(\);\n\s*\}\);\n/m,
  /^\s*afterAll\(async \(\) => \{\n\s*expect\(await runAudit\(app\.db\)\)\.toMatchObject\(\{ ok: true \}\);\n\s*await app\.close\(\);\n\s*\}\);\n/m,
];
const PLAIN_CLOSE = /^\s*afterAll\(\(\) => app\.close\(\)\);\n/m;

function rewrite(source) {
  const letApp = /^(\s*)let app: TestApp;\n/m.exec(source);
  const create = /^\s*app = await createTestApp\((kind(?:, [^\n]*)?)\);\n/m.exec(source);
  if (!letApp || !create) return { why: 'no `let app` and `app = await createTestApp(kind…)`' };
  if ((source.match(/let app: TestApp;/g) ?? []).length !== 1 || (source.match(/app = await createTestApp\(/g) ?? []).length !== 1) return { why: 'more than one app' };
  // the creation must sit in a beforeAll, as its first statement
  const before = source.lastIndexOf('beforeAll(async () => {', create.index);
  if (before < 0 || source.slice(before, create.index).trim() !== 'beforeAll(async () => {') return { why: 'the app is not created first in a beforeAll' };
  let audit = false;
  let closing = PLAIN_CLOSE.exec(source);
  if (!closing) {
    for (const pattern of AUDIT_CLOSE) {
      closing = pattern.exec(source);
      if (closing) {
        audit = true;
        break;
      }
    }
  }
  if (!closing) return { why: 'the app is closed some other way' };
  const letApi = /^\s*let api: ReturnType<typeof apiClient>;\n/m.exec(source);
  const makeApi = /^\s*api = apiClient\(app\);\n/m.exec(source);
  const withApi = Boolean(letApi && makeApi);

  let args = create[1];
  if (audit) {
    const [kind, ...rest] = args.split(/, (.*)/s).filter(Boolean);
    const options = rest[0];
    args = !options ? `${kind}, { audit: true }` : /^\{.*\}$/s.test(options) ? `${kind}, { audit: true, ${options.slice(1).trimStart()}` : `${kind}, { ...${options}, audit: true }`;
  }
  const indent = letApp[1].replace(/^\n/, '');
  const fixture = `${indent}const { app${withApi ? ', api' : ''} } = useTestApp(${args});\n`;

  // cut from the end backwards so earlier offsets stay right; the fixture replaces the creation
  const cuts = [
    { at: letApp.index, length: letApp[0].length, text: '' },
    { at: create.index, length: create[0].length, text: '@@FIXTURE@@' },
    { at: closing.index, length: closing[0].length, text: '' },
  ];
  if (withApi) {
    cuts.push({ at: letApi.index, length: letApi[0].length, text: '' });
    cuts.push({ at: makeApi.index, length: makeApi[0].length, text: '' });
  }
  cuts.sort((a, b) => b.at - a.at);
  let out = source;
  for (const cut of cuts) out = out.slice(0, cut.at) + cut.text + out.slice(cut.at + cut.length);
  // the fixture goes where the beforeAll was; a beforeAll left empty goes away
  out = out.replace(/^([ \t]*)beforeAll\(async \(\) => \{\n@@FIXTURE@@[ \t]*\}\);\n/m, () => fixture);
  out = out.replace(/^([ \t]*)beforeAll\(async \(\) => \{\n@@FIXTURE@@/m, (_match, lead) => `${fixture}${lead}beforeAll(async () => {\n`);
  if (out.includes('@@FIXTURE@@')) return { why: 'could not place the fixture' };
  if (/(^|[^.\w])app = /m.test(out) || (withApi && /(^|[^.\w])api = /m.test(out))) return { why: 'assigns app or api elsewhere' };

  out = fixImports(out);
  return { out };
}

function fixImports(source) {
  const body = (text) => text.replace(/^import [^;]*;\n/gm, '');
  const uses = (name, text) => new RegExp(`\\b${name}\\b`).test(body(text));
  let out = source;
  // the fixture's import, beside the test app's
  const support = /^import \{([^}]*)\} from '(\.\.?\/(?:\.\.\/)*support)\/test-app';\n/m.exec(out);
  const supportDir = support ? support[2] : '../support';
  if (!/from '[^']*support\/fixture'/.test(out)) {
    const line = `import { useTestApp } from '${supportDir}/fixture';\n`;
    out = support ? out.replace(support[0], `${support[0]}${line}`) : out.replace(/^(import [^;]*;\n)(?![\s\S]*^import )/m, `$1${line}`);
  }
  // names no longer used leave their imports
  out = out.replace(/^import \{([^}]*)\} from '([^']*)';\n/gm, (line, names, from) => {
    const kept = names
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean)
      .filter((name) => {
        const bare = name.replace(/^type /, '').split(/ as /).pop();
        if (!['createTestApp', 'TestApp', 'runAudit', 'apiClient', 'beforeAll', 'afterAll'].includes(bare)) return true;
        return uses(bare, out);
      });
    if (kept.length === 0) return '';
    return `import { ${kept.join(', ')} } from '${from}';\n`;
  });
  return out;
}

const files = process.argv.length > 2 ? process.argv.slice(2).map((file) => path.resolve(file)) : testFiles(testRoot);
let changed = 0;
for (const file of files) {
  const source = readFileSync(file, 'utf8');
  if (!source.includes('createTestApp(kind')) continue;
  const result = rewrite(source);
  const name = path.relative(root, file);
  if (result.out && result.out !== source) {
    writeFileSync(file, result.out);
    changed += 1;
    console.log(`rewrote ${name}`);
  } else {
    console.log(`left    ${name}: ${result.why ?? 'unchanged'}`);
  }
}
console.log(`${changed} files rewritten`);
