/**
 * Demo accounts of a fresh install (DEMO_DATA=on). Passwords are printed in the README.
 *
 * The guest account is the shared demo account behind guest login. Its name is a label, not a
 * phone number: it has no phone (no code can reach it) and no password anyone knows, and phone
 * accounts are named `+…`, so a registration can never take its name.
 */
export const GUEST_ACCOUNT = '10000000000';

export const DEMO_USERS = [
  { account: 'demo@tessera.example', email: 'demo@tessera.example', password: 'demo1234', inviteCode: 'DEMO0001' },
  { account: 'trader@tessera.example', email: 'trader@tessera.example', password: 'trader1234', inviteCode: 'DEMO0002' },
  // a phone account: logs in as `10000000001` (national, default dialling code 86) or `+8610000000001`
  { account: '+8610000000001', phone: '+8610000000001', password: 'demo1234', inviteCode: 'DEMO0003' },
] as const;
