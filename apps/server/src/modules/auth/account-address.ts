import { INTERNATIONAL_MOBILE_PATTERN, MAINLAND_MOBILE_PATTERN, isEmail } from '@tessera/protocol';
import type { CountryRepository } from '../system/country-service';
import { diallingCodeOf, parsePhoneNumber } from './phone-number';

export interface AccountAddress {
  channel: 'email' | 'sms';
  /** the account name: a lower-cased e-mail or an E.164 phone number (`+8613912345678`) */
  address: string;
  /** the dialling code of the phone number; for an e-mail, the one the form sent (or the default) */
  countryCode: string;
}

const MAINLAND = '86';

/**
 * Turns what users type into account names. E-mails are lower-cased; phone numbers become E.164,
 * a national number taking the dialling code sent with it, else the platform's default.
 */
export class AccountNames {
  constructor(
    private readonly countries: CountryRepository,
    /** the dialling code of a national number sent without one (old clients) */
    private readonly defaultDiallingCode: string,
  ) {}

  /**
   * An address to register or send a code to: a valid e-mail, or the mobile number of a listed
   * country (a mainland number by the mainland rule: 11 digits, 1 then 3 to 8). Undefined when it
   * is neither, or when the dialling code sent is malformed or not listed.
   */
  async address(raw: string, countryCode?: string): Promise<AccountAddress | undefined> {
    const value = raw.trim();
    const code = this.diallingCode(countryCode);
    if (value.includes('@')) {
      return isEmail(value) ? { channel: 'email', address: value.toLowerCase(), countryCode: code ?? this.defaultDiallingCode } : undefined;
    }
    if (!code) return undefined;
    const listed = await this.countries.diallingCodes();
    const phone = parsePhoneNumber(value, code, listed);
    if (!phone || !listed.includes(phone.countryCode)) return undefined;
    const rule = phone.countryCode === MAINLAND ? MAINLAND_MOBILE_PATTERN : INTERNATIONAL_MOBILE_PATTERN;
    if (!rule.test(phone.national)) return undefined;
    return { channel: 'sms', address: phone.e164, countryCode: phone.countryCode };
  }

  /**
   * The account names a login may mean, the likeliest first: the e-mail, or the phone number in
   * E.164 (with the area code sent, else the default); then the text as typed, which still names
   * the few accounts whose number could not be converted to E.164 (docs/accounts.md).
   */
  async loginNames(raw: string, areaCode?: string): Promise<string[]> {
    const value = raw.trim().toLowerCase();
    if (value.includes('@')) return [value];
    const code = this.diallingCode(areaCode);
    const phone = code ? parsePhoneNumber(value, code, await this.countries.diallingCodes()) : undefined;
    return phone && phone.e164 !== value ? [phone.e164, value] : [value];
  }

  /** The dialling code sent, or the default when none was; undefined when it is malformed. */
  private diallingCode(raw: string | undefined): string | undefined {
    return raw?.trim() ? diallingCodeOf(raw) : this.defaultDiallingCode;
  }
}
