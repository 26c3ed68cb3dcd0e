import { DEV_ADMIN, type Config } from '../config';
import { isLoopbackHost } from '../http/this-machine-only';

type BannerConfig = Pick<Config, 'HOST' | 'NODE_ENV' | 'API_DOCS' | 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'SMTP_URL' | 'SMS_URL'>;

/** What `npm start` prints once listening: where, who can connect, and the development shortcuts. */
export function startBanner(config: BannerConfig, port: number): string[] {
  const everywhere = config.HOST === '0.0.0.0' || config.HOST === '::';
  const urlHost = everywhere ? 'localhost' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  const base = `http://${urlHost}:${port}`;
  const lines = [`Tessera is running at ${base}/`];
  if (isLoopbackHost(config.HOST)) {
    lines.push(`Listening on ${config.HOST} port ${port}: loopback only, no other machine can connect (HOST=0.0.0.0 opens it to the network)`);
  } else {
    lines.push(`Listening on ${config.HOST} port ${port}: ${everywhere ? 'every network interface' : 'this address'}, open to other machines`);
    if (config.NODE_ENV !== 'production') lines.push('Development routes (/api/dev/…) still answer this machine only');
  }
  if (config.API_DOCS) lines.push(`API docs: ${base}/api/docs`);
  if (config.ADMIN_PASSWORD === DEV_ADMIN.password) {
    lines.push(`Development operator: ${config.ADMIN_EMAIL} / ${DEV_ADMIN.password} (set ADMIN_PASSWORD; required in production)`);
  }
  if (config.NODE_ENV !== 'production' && (!config.SMTP_URL || !config.SMS_URL)) {
    const kept = [!config.SMTP_URL && 'e-mails (no SMTP_URL)', !config.SMS_URL && 'SMS (no SMS_URL)'].filter(Boolean).join(' and ');
    lines.push(`${kept} go to the development outbox, ${base}/api/dev/outbox?to=ADDRESS`);
  }
  return lines;
}
