/**
 * Demo accounts of a fresh install (DEMO_DATA=on). The guest account is the shared demo account
 * behind guest login; its number starts `100`, which no real mainland number does, so a
 * registration can never collide with it. Passwords are printed in the README.
 */
export const GUEST_ACCOUNT = '10000000000';

export const DEMO_USERS = [
  { account: 'demo@tessera.example', email: 'demo@tessera.example', password: 'demo1234', inviteCode: 'DEMO0001' },
  { account: 'trader@tessera.example', email: 'trader@tessera.example', password: 'trader1234', inviteCode: 'DEMO0002' },
  { account: '10000000001', phone: '10000000001', password: 'demo1234', inviteCode: 'DEMO0003' },
] as const;
