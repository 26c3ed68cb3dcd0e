import type { Config } from '../config';
import type { Database } from '../db/database';
import type { Clock } from '../lib/time';
import { SessionRepository } from '../modules/auth/session-repository';
import { AuthService } from '../modules/auth/service';
import { CurrencyRepository } from '../modules/market/repository';
import { CurrencyService } from '../modules/market/service';
import { NewsRepository } from '../modules/news/repository';
import { NewsService } from '../modules/news/service';
import { SettingsRepository } from '../modules/system/settings-repository';
import { SystemService } from '../modules/system/service';
import { UserRepository } from '../modules/users/repository';
import { UserService } from '../modules/users/service';

export type Services = ReturnType<typeof createServices>;

/** Wires repositories into services: the one place that knows every module's dependencies. */
export function createServices(db: Database, config: Config, clock: Clock) {
  const users = new UserRepository(db);
  const settings = new SettingsRepository(db);
  return {
    auth: new AuthService(users, new SessionRepository(db), clock, config.SESSION_TTL_HOURS),
    users: new UserService(users),
    news: new NewsService(new NewsRepository(db)),
    currencies: new CurrencyService(new CurrencyRepository(db)),
    system: new SystemService(settings, db, {
      supportUrl: config.SUPPORT_URL,
      appDownloadUrl: config.APP_DOWNLOAD_URL,
    }),
  };
}
