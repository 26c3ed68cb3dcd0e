// Builds dist/liabilities-verifier.html: the proof-of-liabilities verifier as ONE file (its script
// inlined), so a user can save it and check a proof with no network and nothing else installed.
import { writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const bundle = await build({
  entryPoints: [path.join(root, 'src/offline/liabilities-verifier.ts')],
  bundle: true,
  format: 'iife',
  minify: true,
  platform: 'browser',
  target: 'es2022',
  write: false,
  legalComments: 'none',
});
const script = bundle.outputFiles[0].text.replace(/<\/script/gi, '<\\/script');
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'">
<title>Tessera: proof-of-liabilities verifier</title>
<style>
body { font: 15px/1.5 system-ui, sans-serif; max-width: 56rem; margin: 2rem auto; padding: 0 1rem; color: #1b1f24; }
textarea, input[type=text] { width: 100%; box-sizing: border-box; font: 13px ui-monospace, monospace; }
textarea { height: 14rem; }
#result p { font: 12px ui-monospace, monospace; word-break: break-all; margin: .25rem 0; }
#result .good { color: #137333; font: bold 15px system-ui, sans-serif; }
#result .bad { color: #b3261e; font: bold 15px system-ui, sans-serif; }
</style>
</head>
<body>
<h1>Proof-of-liabilities verifier</h1>
<p>This page works offline: it sends nothing anywhere. Open the proof you downloaded from your assets area,
enter the root hash the exchange published for that snapshot and currency, and check. The format is
described in the exchange's documentation (docs/proof-of-liabilities.md).</p>
<form id="verify">
<p><label>Proof file <input id="file" type="file" accept="application/json,.json"></label></p>
<p><label>Proof (JSON)<br><textarea id="proof" spellcheck="false"></textarea></label></p>
<p><label>Published root hash (optional)<br><input id="root" type="text" spellcheck="false"></label></p>
<p><button type="submit">Check the proof</button></p>
</form>
<div id="result" aria-live="polite"></div>
<script>${script}</script>
</body>
</html>
`;
await mkdir(path.join(root, 'dist'), { recursive: true });
await writeFile(path.join(root, 'dist/liabilities-verifier.html'), html);
console.log('built dist/liabilities-verifier.html');
