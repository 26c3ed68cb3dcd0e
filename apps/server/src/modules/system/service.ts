import QRCode from 'qrcode';
import type { Database } from '../../db/database';
import type { SettingsRepository } from './settings-repository';
import { SETTING, type AppLinks, type SupportLinks } from './settings';

export class SystemService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly db: Database,
    private readonly fallback: { supportUrl: string; appDownloadUrl: string },
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

  /** Healthy when the database answers. */
  async health(): Promise<{ status: 'ok'; database: string }> {
    await this.db.query('select 1');
    return { status: 'ok', database: this.db.kind };
  }
}
