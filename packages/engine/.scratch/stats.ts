import fc from 'fast-check';
import { commandStream } from '../test/arbitraries';
import { ReferenceBook } from '../test/reference-model';
const samples = fc.sample(commandStream(150), 250);
const counts: Record<string, number> = {};
let len = 0;
for (const cmds of samples) { len += cmds.length; const m = new ReferenceBook(); for (const c of cmds) m.apply(c);
  for (const e of m.events) { const k = e.type + ('reason' in e ? ':' + e.reason : ''); counts[k] = (counts[k] ?? 0) + 1; } }
console.log('avg len', len / samples.length, counts);
