import QRCode from 'qrcode';
import type { CoreState } from '../../core/core';
import type { Database } from '../../db/database';
import type { SettingsRepository } from './settings-repository';
import { SETTING, type AppLinks, type SupportLinks } from './settings';
import type { WatcherStatus } from '../chains/follower';

/** `unreachable`: a gateway whose core does not answer over NATS. */
export type CoreReach = CoreState | 'unreachable';

export interface Health {
  status: 'ok' | 'unavailable';
  database: Database['kind'];
  /** `down`: the database did not answer */
  databaseState?: 'up' | 'down';
  core: CoreReach;
  /** each chain watcher's lag ("behind by N blocks") and last failure; none without chain settings */
  watchers: WatcherStatus[];
}

export class SystemService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly db: Database,
    private readonly fallback: { supportUrl: string; appDownloadUrl: string },
    /** the in-process core's state, or a gateway's reach of the core */
    private readonly coreState: () => CoreReach,
    private readonly watchers: () => WatcherStatus[] = () => [],
  ) {}

  async supportLinks(): Promise<SupportLinks> {
    const stored = await this.settings.get<SupportLinks>(SETTING.supportLinks);
    return stored ?? { pc: this.fallback.supportUrl, mobile: this.fallback.supportUrl };
  }

  async appLinks(): Promise<AppLinks> {
    const stored = await this.settings.get<AppLinks>(SETTING.appLinks);
    const url = this.fallback.appDownloadUrl;
    return stored ?? { app_download: url, ios: url, android: url };
  }

  /** A PNG QR code of the text (deposit addresses, app links). */
  qrPng(text: string): Promise<Buffer> {
    return QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 256 });
  }

  /**
   * Healthy when the core takes commands and the database answers. A core stopping or failed
   * makes the server unavailable: it refuses every money command, and a failed one never recovers
   * in this process.
   */
  async health(): Promise<Health> {
    const core = this.coreState();
    // a watcher behind or failing does not take the server out of service: deposits wait, trading goes on
    const watchers = this.watchers();
    if (core !== 'running') return { status: 'unavailable', database: this.db.kind, core, watchers };
    try {
      await this.db.query('select 1');
    } catch {
      return { status: 'unavailable', database: this.db.kind, databaseState: 'down', core, watchers };
    }
    return { status: 'ok', database: this.db.kind, core, watchers };
  }

  /**
   * Ready to serve reads: the database answers. A gateway whose core is unreachable stays ready
   * (reads come from the database) and refuses writes with 503 on its own.
   */
  async readiness(): Promise<{ status: 'ok' | 'unavailable'; database: Database['kind']; core: CoreReach }> {
    const core = this.coreState();
    try {
      await this.db.query('select 1');
    } catch {
      return { status: 'unavailable', database: this.db.kind, core };
    }
    return { status: core === 'failed' || core === 'stopped' ? 'unavailable' : 'ok', database: this.db.kind, core };
  }
}
