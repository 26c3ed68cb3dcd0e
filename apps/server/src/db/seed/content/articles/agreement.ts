import type { ArticleSource } from './define';
import { agreementEn, agreementZh } from './agreement-en-zh';
import { agreementHk, agreementKr } from './agreement-hk-kr';
import { agreementAra, agreementJp, agreementSpa } from './agreement-jp-spa-ara';

/** The user agreement (category 30), shown when registering, in all seven languages. */
export const USER_AGREEMENT: ArticleSource[] = [
  {
    key: 'user-agreement',
    c_id: 30,
    sort: 1,
    published_at: '2026-06-01T00:00:00.000Z',
    texts: {
      en: agreementEn,
      zh: agreementZh,
      hk: agreementHk,
      kr: agreementKr,
      jp: agreementJp,
      spa: agreementSpa,
      ara: agreementAra,
    },
  },
];
