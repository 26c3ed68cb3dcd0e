import { LANGS, MESSAGE_CATALOGUE, type MessageKey } from '@tessera/protocol';
import { describe, expect, it } from 'vitest';

/** Every refusal and memo c2c can answer, translated into the seven languages (no English copies). */
const C2C_KEYS: MessageKey[] = [
  'not real-name verified',
  'no payment info',
  'cannot operate your own ad',
  'more than 3 unfinished orders',
  'daily cancel count exceeded',
  'enter real name',
  'name must not contain digits',
  'enter price',
  'price must be greater than zero',
  'number must be greater than zero',
  'minimum amount not met',
  'amount above maximum',
  'insufficient balance',
  'order not found',
  'order already handled',
  'photo not found, upload it again',
  'amount has more decimals than the currency allows',
  'minimum must not exceed total',
  'maximum must not be below minimum',
  'choose payment method',
  'enter the number to buy',
  'enter the number to sell',
  'price may have at most 4 decimals',
  'this currency cannot be traded in c2c',
  'ad not found',
  'ad already withdrawn',
  'above the ad remainder',
  'only the buyer can do this',
  'only the seller can do this',
  'the buyer has not paid yet',
  'order already appealed',
  'this order cannot be appealed yet',
  'enter the appeal message',
  'upload a proof image',
  'at least one payment method is required',
  'enter bank name and card number',
  'bank card number is not valid',
  'fiat trade escrow',
  'fiat trade escrow released',
  'fiat trade',
];

describe('c2c messages', () => {
  it('has a real translation of each c2c key in every language', () => {
    for (const key of C2C_KEYS) {
      const english = MESSAGE_CATALOGUE.en[key];
      expect(english, key).toBeTruthy();
      for (const lang of LANGS) {
        expect(MESSAGE_CATALOGUE[lang][key], `${lang}: ${key}`).toBeTruthy();
        if (lang !== 'en') expect(MESSAGE_CATALOGUE[lang][key], `${lang}: ${key}`).not.toBe(english);
      }
    }
  });
});
