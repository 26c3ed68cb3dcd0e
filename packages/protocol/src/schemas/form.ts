import { z } from 'zod';

/**
 * Field helpers for bodies that arrive form-urlencoded (every value a string) or as JSON (numbers
 * stay numbers). Old clients send `""` for an empty field, so "absent" and "empty" mean the same.
 */
export const optionalText = (max: number) =>
  z
    .union([z.string(), z.number()])
    .transform((value) => String(value).trim())
    .pipe(z.string().max(max))
    .optional();

/**
 * The largest id of an `integer` column (users, currencies, pairs, saved addresses, articles): a
 * larger one names nothing, and the database would refuse it as out of range.
 */
export const MAX_INTEGER_ID = 2_147_483_647;

/** A whole number given as a number or as digits, at most MAX_INTEGER_ID; `''` counts as absent. */
export const optionalWholeNumber = z
  .union([z.int().nonnegative(), z.string().trim().regex(/^\d{0,15}$/)])
  .transform((value) => (value === '' ? undefined : Number(value)))
  .pipe(z.number().max(MAX_INTEGER_ID).optional())
  .optional();

/** The id of a row of an `integer` column, as a number or as digits. */
export const requiredId = z
  .union([z.int().positive(), z.string().trim().regex(/^[1-9]\d{0,14}$/)])
  .transform((value) => Number(value))
  .pipe(z.number().max(MAX_INTEGER_ID));

/** The id of a row of a `bigint` column (spot orders), as a number or as digits. */
export const requiredBigId = z
  .union([z.int().positive(), z.string().trim().regex(/^[1-9]\d{0,14}$/)])
  .transform((value) => Number(value));

/** The cache-busting parameters every request carries; accepted and ignored. */
export const cacheBusting = {
  _timespan: z.string().optional(),
  timestamp: z.string().optional(),
};

export const pageQuery = {
  page: optionalWholeNumber.describe('1-based page, default 1'),
  limit: optionalWholeNumber.describe('page size, default 10, at most 100'),
};

/** A page of a list: `{list, page, pages, total}`. */
export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), page: z.int(), pages: z.int(), total: z.int() });
}
/** The reply shape of `pagedSchema(item)` for items of type T. */
export type Paged<T> = z.infer<ReturnType<typeof pagedSchema<z.ZodType<T>>>>;
