/**
 * The one public entry of the API layer: a typed client over the `/api` wire (wire notes) and the
 * calls the screens make. Screens import from here, never from the files behind it.
 */
export { ApiError, apitip, call, configureApi, send, upload, type ApiConfig, type ApiErrorKind, type Envelope } from './client';
export {
  NEWS_CATEGORY,
  accountApi,
  configApi,
  newsApi,
  securityApi,
  userApi,
  type AppLinks,
  type CodePurpose,
  type CodeTarget,
  type IdentityInput,
  type LoginResult,
  type NewPasswordInput,
  type Paged,
  type RegionUser,
  type RegisterInput,
  type RegisterSettings,
  type SupportLinks,
  type UserCenter,
} from './endpoints';
export type { NewsArticle, NewsSummary, UserInfo } from '@tessera/protocol';
