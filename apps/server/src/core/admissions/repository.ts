import type { Database } from '../../db/database';
import type { CoreTable } from '../kind';
import { admissionId, LONGEST_ADMISSION_LIFE_MS, type SignedAdmission } from './admission';

/** What the database holds of one admission's key and signature before a batch applies. */
export interface RecordedAdmission {
  /** the key is neither deleted nor disabled */
  live: boolean;
  /** the signature's row exists: the request was admitted before */
  spent: boolean;
  /** the attempt that row was recorded for (null for a row of the gateways' guard) */
  attempt: string | null;
}

/**
 * One read for admissions, by primary keys: whether each key is live (a deleted or disabled key is
 * refused at once, whatever a gateway cached of it) and whether each signature is recorded already.
 * The core is the only writer of signed orders' rows: what it wrote after the read began, its
 * memory holds (`AdmissionBook`).
 */
export async function findAdmissions(db: Database, admissions: readonly SignedAdmission[]): Promise<Map<string, RecordedAdmission>> {
  const found = new Map<string, RecordedAdmission>();
  if (admissions.length === 0) return found;
  const input = admissions.map((admission, index) => ({ i: index, t: admission.sentAt, k: admission.keyId, s: admission.signature }));
  const rows = await db.queryPrepared<{ i: number; live: boolean; spent: boolean; attempt: string | null }>(
    `with input as (select * from json_to_recordset($1::json) as t(i int, t bigint, k bigint, s text))
     select input.i, exists (select 1 from api_keys a where a.id = input.k and a.deleted_at is null and a.disabled_at is null) as live,
            n.key_id is not null as spent, n.attempt
       from input left join api_request_nonces n on n.sent_at = input.t and n.key_id = input.k and n.signature = input.s`,
    [JSON.stringify(input)],
  );
  for (const row of rows) {
    const admission = admissions[row.i];
    if (admission) found.set(admissionId(admission), { live: row.live, spent: row.spent, attempt: row.attempt });
  }
  return found;
}

/** An admission recorded, as the core holds it from its start on. */
export interface HeldAdmission {
  id: string;
  /** null for a row of the gateways' guard */
  attempt: string | null;
  expiresAt: number;
}

/** The admissions not yet expired at `now`, the latest-expiring first, at most `limit` of them. */
export async function loadAdmissions(db: Database, now: Date, limit: number): Promise<HeldAdmission[]> {
  const rows = await db.query<{ key_id: string; signature: string; attempt: string | null; expires_at: Date }>(
    // the timestamp's bound lets the primary key find them: no row signed earlier is still unexpired
    'select key_id::text, signature, attempt, expires_at from api_request_nonces where sent_at > $3 and expires_at > $1 order by expires_at desc limit $2',
    [now, limit, now.getTime() - LONGEST_ADMISSION_LIFE_MS],
  );
  return rows.map((row) => ({ id: admissionId({ keyId: Number(row.key_id), signature: row.signature }), attempt: row.attempt, expiresAt: new Date(row.expires_at).getTime() }));
}

/**
 * The admissions a batch recorded. A plain insert: the batch's lookup found none of them, so a
 * conflict means a rule was broken, and the whole batch fails (nothing applies twice) rather than
 * passing over the row.
 */
export const ADMISSIONS: CoreTable<SignedAdmission> = {
  name: 'api_request_nonces',
  statement(source, admissions) {
    const rows = admissions.map((x) => ({ t: x.sentAt, k: x.keyId, s: x.signature, e: new Date(x.expiresAt).toISOString(), a: x.attempt }));
    return `insert into api_request_nonces (sent_at, key_id, signature, expires_at, attempt)
        select t, k, s, e, a from ${source(rows, 't bigint, k bigint, s text, e timestamptz, a text')}`;
  },
};
