import QRCode from 'qrcode';
import type { CoreState, Readiness, UnreadyReason } from '../../core/core';
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
  /** the in-process core's state, or `unreachable`: a gateway whose core does not answer */
  core: CoreReach;
  /** why the server cannot take writes now (absent when it can) */
  reason?: UnreadyReason | 'database unreachable' | 'core unreachable';
  /** each chain watcher's lag ("behind by N blocks") and last failure; none without chain settings */
  watchers: WatcherStatus[];
}

export interface CoreHealth {
  state: CoreState;
  readiness: Readiness;
  probeWrites(): Promise<void>;
}

export class SystemService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly db: Database,
    private readonly fallback: { supportUrl: string; appDownloadUrl: string },
    private readonly core: CoreHealth,
    /** the in-process core's state, or a gateway's reach of the core */
    private readonly coreReach: () => CoreReach = () => core.state,
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
   * Ready when the core takes writes and the database answers: 'unavailable' with a reason while
   * batch writes fail (until a write, or the probe write made here, succeeds), while the core
   * reloads its state, when the writer lock is lost, when the core stopped or failed (a failed core
   * never recovers in this process), or when the database does not answer.
   */
  async health(): Promise<Health> {
    // a watcher behind or failing does not take the server out of service: deposits wait, trading goes on
    const watchers = this.watchers();
    const reach = this.coreReach();
    if (reach === 'unreachable') return { status: 'unavailable', database: this.db.kind, core: reach, reason: 'core unreachable', watchers };
    await this.core.probeWrites();
    const { readiness } = this.core;
    if (!readiness.ready) return { status: 'unavailable', database: this.db.kind, core: reach, ...(readiness.reason ? { reason: readiness.reason } : {}), watchers };
    try {
      await this.db.query('select 1');
    } catch {
      return { status: 'unavailable', database: this.db.kind, databaseState: 'down', core: reach, reason: 'database unreachable', watchers };
    }
    return { status: 'ok', database: this.db.kind, core: reach, watchers };
  }

  /**
   * Ready to serve reads: the database answers. A gateway whose core is unreachable stays ready
   * (reads come from the database) and refuses writes with 503 on its own.
   */
  async readiness(): Promise<{ status: 'ok' | 'unavailable'; database: Database['kind']; core: CoreReach }> {
    const core = this.coreReach();
    try {
      await this.db.query('select 1');
    } catch {
      return { status: 'unavailable', database: this.db.kind, core };
    }
    return { status: core === 'failed' || core === 'stopped' ? 'unavailable' : 'ok', database: this.db.kind, core };
  }
}
