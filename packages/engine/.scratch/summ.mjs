import fs from 'node:fs';
const f = process.argv[2];
const p = JSON.parse(fs.readFileSync(f));
const self = new Map(); const dt = p.timeDeltas; const idx = new Map(p.nodes.map((n, i) => [n.id, n]));
const counts = new Map();
for (let i = 0; i < p.samples.length; i++) counts.set(p.samples[i], (counts.get(p.samples[i]) ?? 0) + (dt[i] ?? 0));
for (const [id, t] of counts) { const n = idx.get(id); const k = n.callFrame.functionName + ' ' + n.callFrame.url.split('/').slice(-2).join('/') + ':' + n.callFrame.lineNumber; self.set(k, (self.get(k) ?? 0) + t); }
const tot = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log((t / tot * 100).toFixed(1).padStart(5), '%', k);
