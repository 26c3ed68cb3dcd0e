import { useSearchParams } from 'react-router';

/** The coin a screen starts with: USDT when it is traded, else the first. */
const PREFERRED = 'USDT';

/**
 * The coin chosen on a c2c screen, kept in the address (`?coin=<id>`) so a reload or a link keeps
 * it; until one is chosen, USDT or the first coin.
 */
export function useChosenCoin<T extends { id: number; name: string }>(coins: readonly T[] | undefined): [T | undefined, (id: number) => void] {
  const [params, setParams] = useSearchParams();
  const wanted = Number(params.get('coin'));
  const chosen =
    coins?.find((coin) => coin.id === wanted) ?? coins?.find((coin) => coin.name === PREFERRED) ?? coins?.[0];
  const choose = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('coin', String(id));
        return next;
      },
      { replace: true },
    );
  return [chosen, choose];
}
