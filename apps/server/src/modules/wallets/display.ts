import { floorDecimal } from '@tessera/protocol';
import { formatAmount, type Atoms } from '../../core/amount';

/** The 0/1 flags of the legacy replies (`is_legal`, `can_deposit`, …). */
export const flag = (value: boolean) => (value ? (1 as const) : (0 as const));

/** An amount as the screens show it: floored, never rounded, to `decimals` places. */
export const showAtoms = (atoms: Atoms, decimals: number) => floorDecimal(formatAmount(atoms), decimals);
