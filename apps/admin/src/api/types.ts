export type Role = 'admin' | 'reviewer' | 'support' | 'finance';

export interface Me {
  id: number;
  email: string;
  role: Role;
  totp: boolean;
  session_expires_at: string | null;
}

export interface LoginReply {
  token: string;
  scope: 'full' | 'enrol';
}
