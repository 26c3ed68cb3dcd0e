import type { ClosedMicroOrderPush, MicroOrder, MicroOrderPage, MicroPayableCurrency, MicroSecondsOption, UpdateKLinePush } from '@tessera/protocol';
import { call, send, type Envelope, type RequestOptions } from './client';

/** Reply shapes of the second-contract calls and pushes, from the protocol's schemas. */
export type { ClosedMicroOrderPush, MicroOrder, MicroOrderPage, MicroPayableCurrency, MicroSecondsOption, UpdateKLinePush };

/** `microtrade/submit`: up (1) or down (2) after `seconds`, staking `number`. */
export interface MicroSubmitInput {
  match_id: number;
  currency_id: number;
  type: 1 | 2;
  seconds: number;
  number: string;
}

/** Second contracts: the terms for everyone, contracts for their owner. */
export const microApi = {
  payableCurrencies: (options?: RequestOptions) => call<MicroPayableCurrency[]>('GET', 'microtrade/payable_currencies', {}, options),
  seconds: (options?: RequestOptions) => call<MicroSecondsOption[]>('GET', 'microtrade/seconds', {}, options),
  /** Resolves with the reply whatever its type: the form shows `message` through apitip. */
  submit: (input: MicroSubmitInput, options?: RequestOptions): Promise<Envelope<string>> => send<string>('POST', 'microtrade/submit', { ...input }, options),
  lists: (query: { status: 1 | 3; page: number; limit: number; match_id?: number }, options?: RequestOptions) =>
    call<MicroOrderPage>('GET', 'microtrade/lists', { ...query }, options),
};
