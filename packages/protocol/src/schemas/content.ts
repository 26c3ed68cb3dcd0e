import { z } from 'zod';
import { cacheBusting, optionalText, optionalWholeNumber, pageQuery, pagedSchema, requiredId } from './form';

export const newsListBody = z.object({
  c_id: optionalWholeNumber.describe('category: 3/5 banners, 4 notices, 9 10 19 21 25 footer, 30 agreement'),
  lang: optionalText(8),
  ...pageQuery,
});

/** The GET variant old footers use: `language` 1 is Chinese, anything else English. */
export const newsListQuery = z.object({
  c_id: optionalWholeNumber,
  language: optionalText(4),
  lang: optionalText(8),
  ...pageQuery,
  ...cacheBusting,
});

export const newsDetailBody = z.object({ id: requiredId, lang: optionalText(8) });
export const agreementQuery = z.object({ lang: optionalText(8), ...cacheBusting });

export const newsSummary = z.object({
  id: z.int(),
  c_id: z.int(),
  lang: z.string(),
  title: z.string(),
  abstract: z.string(),
  thumbnail: z.string(),
  update_time: z.string().describe('YYYY-MM-DD HH:mm:ss, UTC'),
});
export const newsArticle = newsSummary.extend({ content: z.string().describe('HTML') });
export const newsList = pagedSchema(newsSummary);
export type NewsSummary = z.infer<typeof newsSummary>;
export type NewsArticle = z.infer<typeof newsArticle>;

export const supportLinks = z.object({ pc: z.string(), mobile: z.string() });
export const appLinks = z.object({ app_download: z.string(), ios: z.string(), android: z.string() });
export type SupportLinks = z.infer<typeof supportLinks>;
export type AppLinks = z.infer<typeof appLinks>;
export const qrcodeQuery = z.object({ text: z.string().min(1).max(512), ...cacheBusting });
