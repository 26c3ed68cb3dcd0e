// What the benchmarks share: percentiles of their timings and a throwaway PostgreSQL database.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The p-th percentile of ascending `sorted` timings (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * A database of its own on the PostgreSQL server of BENCH_DATABASE_URL (else TEST_DATABASE_URL,
 * else the local one), dropped by `drop()`; undefined when no server answers.
 */
export async function postgresTarget() {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `bench_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
