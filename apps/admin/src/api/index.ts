export { api, ApiError, downloadCsv, serverHealth, session, queryString, type Page, type Query, type ServerHealth } from './client';
export { useAction, useApi, type Loaded } from './use-api';
export type { LoginReply, Me, Role } from './types';
