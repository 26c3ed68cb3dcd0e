import { verifyLiabilityProof } from '@tessera/protocol/liabilities-proof';

/**
 * The offline proof-of-liabilities verifier: one HTML file with this script inlined (built by
 * scripts/build-offline-verifier.mjs), which checks a proof with nothing but the browser, no
 * network. The same check as the assets area's and `npm run verify-liabilities`.
 */
const form = document.querySelector<HTMLFormElement>('#verify');
const proofText = document.querySelector<HTMLTextAreaElement>('#proof');
const rootInput = document.querySelector<HTMLInputElement>('#root');
const fileInput = document.querySelector<HTMLInputElement>('#file');
const output = document.querySelector<HTMLElement>('#result');

function line(text: string, className?: string): HTMLElement {
  const element = document.createElement('p');
  element.textContent = text;
  if (className) element.className = className;
  return element;
}

function show(): void {
  if (!proofText || !rootInput || !output) return;
  let proof: unknown;
  try {
    proof = JSON.parse(proofText.value);
  } catch {
    output.replaceChildren(line('This is not JSON: paste the proof file as it was downloaded.', 'bad'));
    return;
  }
  const root = rootInput.value.trim();
  const result = verifyLiabilityProof(proof, root === '' ? undefined : root);
  const lines = result.steps.map((step) =>
    line(`level ${step.level}: sibling on the ${step.side} ${step.sibling.hash} (${step.sibling.sum}) → ${step.parent.hash} (${step.parent.sum})`),
  );
  if (result.ok) {
    lines.unshift(line(`leaf ${result.leaf.hash} (${result.leaf.sum})`));
    lines.push(line(`root ${result.root.hash}, total ${result.root.sum}`));
    lines.push(line(root === '' ? 'The proof holds. Enter the published root to compare with it.' : 'The proof holds, and reaches the published root.', 'good'));
  } else {
    lines.push(line(`The proof does NOT hold: ${result.reason}`, 'bad'));
  }
  output.replaceChildren(...lines);
  output.dataset.result = result.ok ? 'holds' : 'fails';
}

form?.addEventListener('submit', (event) => {
  event.preventDefault();
  show();
});
fileInput?.addEventListener('change', () => {
  const file = fileInput.files?.[0];
  if (!file || !proofText) return;
  void file.text().then((text) => {
    proofText.value = text;
    show();
  });
});
