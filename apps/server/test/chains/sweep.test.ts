import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAddress, parseEther, parseGwei, parseUnits, type Address } from 'viem';
import { DEVELOPMENT_MNEMONIC, deriveDepositAddress, developmentDepositKeys, parseDepositKeys } from '../../src/modules/deposits/chain';
import { runToExit } from '../support/run-script';
import { startEvmNode, type EvmNode } from '../support/evm-node';

/** The development mnemonic's ETH account key: the xprv whose xpub the development server derives from. */
const ACCOUNT_XPRV = HDKey.fromMasterSeed(mnemonicToSeedSync(DEVELOPMENT_MNEMONIC)).derive("m/44'/60'/0'").privateExtendedKey;

describe('npm run sweep (an operator’s machine, the key given at run time)', () => {
  let node: EvmNode;
  let token: Address;
  const keys = parseDepositKeys(developmentDepositKeys());
  const address = (index: number) => getAddress(deriveDepositAddress(keys, 'erc20', index));
  const target = getAddress('0x3333333333333333333333333333333333333333');
  const sweep = (asset: string, extra: string[] = []) =>
    runToExit('apps/server/src/scripts/sweep.ts', { SWEEP_ACCOUNT_KEY: ACCOUNT_XPRV }, [
      '--network', 'eth', '--to', target, '--rpc', node.url, '--asset', asset, '--count', '10', '--max-fee-gwei', '20', ...extra,
    ]);

  beforeAll(async () => {
    node = await startEvmNode();
    token = await node.deployToken(6, parseUnits('1000000', 6));
    await node.sendEth(address(0), parseEther('1'));
    await node.sendEth(address(5), parseEther('2'));
    await node.sendTokens(token, [
      { to: address(7), amount: parseUnits('150', 6) },
      { to: address(3), amount: parseUnits('25', 6) },
    ]);
  });
  afterAll(() => node?.close());

  it('prints its plan and, without a yes, sends nothing', async () => {
    const run = await runToExit('apps/server/src/scripts/sweep.ts', { SWEEP_ACCOUNT_KEY: ACCOUNT_XPRV }, ['--network', 'eth', '--to', target, '--rpc', node.url, '--asset', token, '--count', '10']);
    expect(run.output).toContain(`fund gas #0 ${address(0)} → ${address(7)}`);
    expect(run.output).toContain(`sweep    #7 ${address(7)} → ${target}: 150 token`);
    expect(run.output).toContain('nothing sent');
    expect(await node.tokenBalance(token, target)).toBe(0n);
  });

  it('sweeps tokens (gas funded first from the company address) and ETH to the named address', async () => {
    const tokens = await sweep(token, ['--yes']);
    expect(tokens.code, tokens.output).toBe(0);
    expect(await node.tokenBalance(token, target)).toBe(parseUnits('175', 6));
    expect(await node.tokenBalance(token, address(7))).toBe(0n);
    const eth = await sweep('eth', ['--yes']);
    expect(eth.code, eth.output).toBe(0);
    expect(eth.output).toContain(`#5 ${address(5)} → ${target}: 1.99958 ETH`);
    expect(await node.client.getBalance({ address: target })).toBeGreaterThan(parseEther('1.99'));
    expect(parseGwei('20') * 21_000n).toBe(parseEther('0.00042'));
  });

  it('refuses a network it cannot sweep and a public key', async () => {
    expect((await runToExit('apps/server/src/scripts/sweep.ts', { SWEEP_ACCOUNT_KEY: ACCOUNT_XPRV }, ['--network', 'btc', '--to', target])).code).toBe(2);
    const xpub = HDKey.fromExtendedKey(ACCOUNT_XPRV).publicExtendedKey;
    const run = await runToExit('apps/server/src/scripts/sweep.ts', { SWEEP_ACCOUNT_KEY: xpub }, ['--network', 'eth', '--to', target, '--rpc', node.url]);
    expect(run.code).not.toBe(0);
    expect(run.output).toContain('extended PRIVATE key');
  });
});
