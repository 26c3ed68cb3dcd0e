import { readFile } from 'node:fs/promises';
import { verifyLiabilityProof } from '@tessera/protocol';

/**
 * `npm run verify-liabilities -- proof.json [--root <hash>]`: checks a proof-of-liabilities proof
 * on this machine alone (docs/proof-of-liabilities.md). Exit 0 when it holds, 1 when it does not,
 * 2 when the file cannot be read. `--root` is the root hash the exchange published for that
 * snapshot and currency: without it the proof is checked against the root it carries.
 */
const args = process.argv.slice(2);
const rootAt = args.indexOf('--root');
const expectedRoot = rootAt >= 0 ? args[rootAt + 1] : undefined;
const file = args.find((arg, index) => !arg.startsWith('--') && index !== rootAt + 1);
if (!file || (rootAt >= 0 && !expectedRoot)) {
  console.error('usage: npm run verify-liabilities -- proof.json [--root <published root hash>]');
  process.exit(2);
}

let proof: unknown;
try {
  proof = JSON.parse(await readFile(file, 'utf8'));
} catch (error) {
  console.error(`verify-liabilities: cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}

const result = verifyLiabilityProof(proof, expectedRoot);
for (const step of result.steps) {
  console.log(`level ${step.level}: sibling on the ${step.side} ${step.sibling.hash} (${step.sibling.sum}) → ${step.parent.hash} (${step.parent.sum})`);
}
if (result.ok) {
  console.log(`leaf ${result.leaf.hash} (${result.leaf.sum})`);
  console.log(`root ${result.root.hash}, total ${result.root.sum}`);
  console.log(expectedRoot ? 'the proof holds, and reaches the published root' : 'the proof holds (pass --root to compare with the published root)');
} else {
  console.log(`the proof does NOT hold: ${result.reason}`);
}
process.exitCode = result.ok ? 0 : 1;
