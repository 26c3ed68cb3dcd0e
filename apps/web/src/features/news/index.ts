/** What the news feature offers other features: the news list, notice links and the support and app links. */
export { noticeHref, useAppLinks, useNewsList, useSupportLinks } from './queries';
