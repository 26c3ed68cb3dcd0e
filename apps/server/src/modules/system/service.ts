import QRCode from 'qrcode';
import type { CoreState, Readiness, UnreadyReason } from '../../core/core';
import type { Database } from '../../db/database';
import type { SettingsRepository } from './settings-repository';
import { SETTING, type AppLinks, type SupportLinks } from './settings';

export interface Health {
  status: 'ok' | 'unavailable';
  database: Database['kind'];
  core: CoreState;
  /** why the server cannot take writes now (absent when it can) */
  reason?: UnreadyReason | 'database unreachable';
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
    await this.core.probeWrites();
    const { state, readiness } = this.core;
    if (!readiness.ready) return { status: 'unavailable', database: this.db.kind, core: state, ...(readiness.reason ? { reason: readiness.reason } : {}) };
    try {
      await this.db.query('select 1');
    } catch {
      return { status: 'unavailable', database: this.db.kind, core: state, reason: 'database unreachable' };
    }
    return { status: 'ok', database: this.db.kind, core: state };
  }
}
