import { createContext, useContext } from 'react';
import type { Me } from '../api';

export const OperatorContext = createContext<Me | undefined>(undefined);

/** The operator of this session (inside the shell, always known). */
export function useOperator(): Me {
  const me = useContext(OperatorContext);
  if (!me) throw new Error('useOperator outside the signed-in shell');
  return me;
}
