import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps. */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** A code from the step before or after is still accepted (clock drift, a code typed at the turn). */
const WINDOW_STEPS = 1;
const ISSUER = 'Kizuki';

function totpFor(secretBase32: string, label = 'operator'): TOTP {
  return new TOTP({ issuer: ISSUER, label, ...TOTP_SETTINGS, secret: Secret.fromBase32(secretBase32) });
}

/** A new random secret (160 bits, RFC 4226's recommendation) in base32, as apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** What the first sign-in shows: the secret to type, the otpauth:// link and its QR code as SVG. */
export async function totpEnrollment(secretBase32: string, email: string): Promise<{ secret: string; otpauth_url: string; qr_svg: string }> {
  const otpauthUrl = totpFor(secretBase32, email).toString();
  const qrSvg = await QRCode.toString(otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { secret: secretBase32, otpauth_url: otpauthUrl, qr_svg: qrSvg };
}

/** The time step a valid `code` belongs to (within ±1 step of `now`), or null for a wrong code. */
export function matchingTotpStep(secretBase32: string, code: string, now: Date): number | null {
  const totp = totpFor(secretBase32);
  const delta = totp.validate({ token: code, timestamp: now.getTime(), window: WINDOW_STEPS });
  return delta === null ? null : totp.counter({ timestamp: now.getTime() }) + delta;
}
