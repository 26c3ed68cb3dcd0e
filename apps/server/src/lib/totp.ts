import QRCode from 'qrcode';
import { generateSecret, generateURI, verify } from 'otplib';

const ISSUER = 'Tessera';
/** A code is accepted one 30-second step early or late, for clocks that drift a little. */
const TOLERANCE_SECONDS = 30;

export function newTotpSecret(): string {
  return generateSecret();
}

/** The `otpauth://` address an authenticator app reads from the enrolment QR code. */
export function totpUri(secret: string, label: string): string {
  return generateURI({ issuer: ISSUER, label, secret });
}

/** The otpauth address as a QR code: a `data:image/svg+xml` URL an <img> shows. */
export async function qrCodeDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The time step of `code` if it is the secret's code at `now`, one step either side, and later than
 * `afterStep` (a step already used is never accepted again); otherwise undefined.
 */
export async function matchTotp(secret: string, code: string, now: Date, afterStep?: number): Promise<number | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === undefined ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}
