import { productionDepositEnv } from './deposit-keys';
import { TEST_OPERATOR_SECRET_KEY } from './operator-secret-key';

/** Everything NODE_ENV=production requires, and no more: e-mail accounts only, no market makers. */
export function productionEnv(): Record<string, string> {
  return {
    NODE_ENV: 'production',
    ADMIN_PASSWORD: 'a-strong-operator-password',
    OPERATOR_SECRET_KEY: TEST_OPERATOR_SECRET_KEY,
    ...productionDepositEnv(),
    // nothing is sent in these tests: nodemailer connects only when a message goes out
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PHONE_SIGNUP: 'off',
  };
}
