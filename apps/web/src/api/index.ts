/**
 * The one public entry of the API layer: a typed client over the `/api` wire (wire notes) and the
 * calls the screens make. Screens import from here, never from the files behind it.
 */
export { ApiError, apitip, call, configureApi, send, type ApiConfig, type ApiErrorKind, type Envelope } from './client';
export {
  NEWS_CATEGORY,
  configApi,
  newsApi,
  userApi,
  type AppLinks,
  type LoginResult,
  type Paged,
  type SupportLinks,
} from './endpoints';
export type { NewsArticle, NewsSummary, UserInfo } from '@tessera/protocol';
