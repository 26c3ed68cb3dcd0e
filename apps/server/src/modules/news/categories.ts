/** News category ids the clients ask for: banners, notices and the fixed pages (about, terms, help…). */
export const NEWS_CATEGORY = {
  bannersDesktop: 3,
  notices: 4,
  bannersMobile: 5,
  about: 9,
  terms: 10,
  support: 19,
  contact: 21,
  help: 25,
  agreement: 30,
} as const;
