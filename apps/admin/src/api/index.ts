export { api, ApiError, downloadCsv, session, queryString, type Page, type Query } from './client';
export { useAction, useApi, type Loaded } from './use-api';
export type { LoginReply, Me, Role } from './types';
