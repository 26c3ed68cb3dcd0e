import type { ApiKeyCreated, ApiKeyUse, ApiKeyView } from '@tessera/protocol';
import { call, type RequestOptions } from './client';

export type { ApiKeyCreated, ApiKeyUse, ApiKeyView };

export interface ApiKeyInput {
  label: string;
  /** comma-separated: read, trade, withdraw */
  scopes: string;
  /** comma-separated addresses and CIDR ranges; '' for any address */
  ips: string;
  /** the authenticator code, when the user bound one */
  google_code?: string;
}

/** The account centre's API keys (docs/api-v1.md "Keys"); every call needs the session. */
export const apiKeysApi = {
  list: (options?: RequestOptions) => call<ApiKeyView[]>('GET', 'apikey/list', {}, options),
  /** The reply holds the secret, this once. */
  create: (input: ApiKeyInput, options?: RequestOptions) => call<ApiKeyCreated>('POST', 'apikey/create', { ...input }, options),
  remove: (id: number, options?: RequestOptions) => call<string>('POST', 'apikey/delete', { id }, options),
  uses: (options?: RequestOptions) => call<ApiKeyUse[]>('GET', 'apikey/uses', {}, options),
};
