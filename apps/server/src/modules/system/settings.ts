/** Keys of the operator settings this module reads. */
export const SETTING = {
  supportLinks: 'support_links',
  appLinks: 'app_links',
  seededAt: 'demo_data_seeded_at',
  inviteCodeRequired: 'invite_code_required',
  depositsOpen: 'deposits_open',
} as const;

export interface SupportLinks {
  pc: string;
  mobile: string;
}

export interface AppLinks {
  app_download: string;
  ios: string;
  android: string;
}
