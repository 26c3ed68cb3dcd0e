import type { ArticleSource } from './define';
import { fees, listing, maintenance } from './notices-a';
import { depositConfirmations, fiatRules, kycLevels, phishing } from './notices-b';

/** Notices (category 4) in all seven languages; the newest has the lowest sort. */
export const NOTICES: ArticleSource[] = [
  { key: 'notice-phishing', c_id: 4, sort: 1, published_at: '2026-11-10T08:00:00.000Z', texts: phishing },
  { key: 'notice-listing-link-uni', c_id: 4, sort: 2, published_at: '2026-10-20T08:00:00.000Z', texts: listing },
  { key: 'notice-maintenance-2026-10-12', c_id: 4, sort: 3, published_at: '2026-10-08T08:00:00.000Z', texts: maintenance },
  { key: 'notice-fee-schedule-2026-09', c_id: 4, sort: 4, published_at: '2026-08-24T08:00:00.000Z', texts: fees },
  { key: 'notice-fiat-rules', c_id: 4, sort: 5, published_at: '2026-07-20T08:00:00.000Z', texts: fiatRules },
  { key: 'notice-kyc-levels', c_id: 4, sort: 6, published_at: '2026-07-06T08:00:00.000Z', texts: kycLevels },
  { key: 'notice-deposit-confirmations', c_id: 4, sort: 7, published_at: '2026-06-08T08:00:00.000Z', texts: depositConfirmations },
];
