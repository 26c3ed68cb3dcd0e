import { z } from 'zod';
import { LIABILITY_AMOUNT, LIABILITY_HASH, LIABILITY_PROOF_FORMAT, LIABILITY_SALT, type LiabilityProof } from './liabilities-proof';

export * from './liabilities-proof';

const hex32 = z.string().regex(LIABILITY_HASH, 'a 32-byte hash in lower-case hex');
const amount = z.string().regex(LIABILITY_AMOUNT, 'a non-negative decimal amount');
const sumNode = z.object({ hash: hex32, sum: amount });

/** The proof's schema, for the API reference (verifiers read a proof without one: `readLiabilityProof`). */
export const liabilityProof: z.ZodType<LiabilityProof> = z.object({
  format: z.literal(LIABILITY_PROOF_FORMAT),
  snapshot_id: z.number().int().positive(),
  taken_at: z.string(),
  currency_id: z.number().int().positive(),
  currency: z.string(),
  /** the published root: its hash and the total of every user's balance */
  root: sumNode,
  /** the number of leaves, padded to a power of two */
  leaf_count: z.number().int().positive(),
  leaf: z.object({
    index: z.number().int().nonnegative(),
    user_id: z.number().int().nonnegative(),
    salt: z.string().regex(LIABILITY_SALT, 'a 16-byte salt in lower-case hex'),
    balance: amount,
  }),
  /** the siblings from the leaf's level up to the root's children: the side follows the index's bits */
  path: z.array(sumNode).max(64),
});

/** A published snapshot as `GET /api/liabilities` lists it. */
export const liabilitySnapshot = z.object({
  id: z.int(),
  taken_at: z.string(),
  cause: z.enum(['operator', 'daily']),
  /** the last ledger entry the snapshot counts */
  ledger_boundary: z.string(),
  status: z.enum(['building', 'published']),
  published_at: z.string().nullable(),
  /** per currency: the root of the users' tree and their total */
  currencies: z.array(
    z.object({ currency_id: z.int(), currency: z.string(), root_hash: z.string(), total: z.string(), leaf_count: z.int(), users: z.int() }),
  ),
  /** the platform's own accounts (fees, house, insurance, system makers), apart from the users */
  platform: z.array(z.object({ account: z.string(), currency_id: z.int(), currency: z.string(), balance: z.string() })),
});
export type LiabilitySnapshotItem = z.infer<typeof liabilitySnapshot>;
