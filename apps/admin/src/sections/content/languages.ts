/** The site's seven languages, as the content API names them. */
export const LANGUAGES = [
  { code: 'en', label: 'English', dir: 'ltr' },
  { code: 'zh', label: '简体中文', dir: 'ltr' },
  { code: 'hk', label: '繁體中文', dir: 'ltr' },
  { code: 'kr', label: '한국어', dir: 'ltr' },
  { code: 'jp', label: '日本語', dir: 'ltr' },
  { code: 'spa', label: 'Español', dir: 'ltr' },
  { code: 'ara', label: 'العربية', dir: 'rtl' },
] as const;

export type LangCode = (typeof LANGUAGES)[number]['code'];
