import { z } from 'zod';
import { optionalText, requiredBigId } from './form';

/** The scopes of an API key: `read` always, `trade`, and `withdraw` only with an IP allow-list. */
export const apiKeyScope = z.enum(['read', 'trade', 'withdraw']);

export const apiKeyCreateBody = z.object({
  label: optionalText(100).describe('a name of 1 to 40 characters'),
  scopes: z
    .union([z.string().max(100), z.array(z.string().max(20)).max(5)])
    .optional()
    .describe('read, trade, withdraw: comma-separated or a list; read is always included'),
  ips: optionalText(2000).describe('IP allow-list: addresses and CIDR ranges, comma-separated, at most 20; empty: any address'),
  google_code: optionalText(10).describe('the account’s authenticator code, when one is bound'),
});

export const apiKeyDeleteBody = z.object({ id: requiredBigId });

export const apiKeyView = z.object({
  id: z.int(),
  key: z.string(),
  label: z.string(),
  scopes: z.array(apiKeyScope),
  ips: z.array(z.string()),
  create_time: z.string(),
  last_used_time: z.string().nullable(),
  disabled: z.boolean(),
  disables_time: z.string().nullable().describe('a trading key without an IP allow-list is disabled when unused until then (90 days after its last use); null: the rule does not apply'),
});

export const apiKeyCreated = z.object({
  id: z.int(),
  key: z.string(),
  secret: z.string().describe('shown this once: the server keeps it only sealed'),
  label: z.string(),
  scopes: z.array(apiKeyScope),
  ips: z.array(z.string()),
  create_time: z.string(),
});

export const apiKeyUse = z.object({
  key_id: z.int(),
  key: z.string(),
  label: z.string(),
  ip: z.string(),
  first_time: z.string(),
  last_time: z.string(),
  requests: z.int().describe('signed requests admitted from this address that day'),
  refused: z.int().describe('signed requests refused (bad signature, stale, replayed, address not allowed)'),
});

export type ApiKeyView = z.infer<typeof apiKeyView>;
export type ApiKeyCreated = z.infer<typeof apiKeyCreated>;
export type ApiKeyUse = z.infer<typeof apiKeyUse>;
