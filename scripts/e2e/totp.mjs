// The authenticator app of the staff in the browser tests: RFC 6238 codes
// (HMAC-SHA1, 6 digits, 30 seconds) of the secret the server showed at
// set-up, each step used once as the server requires, and the recovery
// codes kept for when a test signs the same person in more often than
// the steps allow.
import { createHmac } from 'node:crypto';

const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The bytes of a base32 secret (no padding, spaces ignored). */
export function base32Bytes(secret) {
  let bits = '';
  for (const c of secret.replace(/\s+/g, '').toUpperCase()) {
    const v = alphabet.indexOf(c);
    if (v < 0) throw new Error(`caractère ${c} hors base32`);
    bits += v.toString(2).padStart(5, '0');
  }
  const bytes = [];
  for (let i = 0; i + 8 <= bits.length; i += 8) bytes.push(parseInt(bits.slice(i, i + 8), 2));
  return Buffer.from(bytes);
}

/** The code of secret for time step `step` (RFC 4226's dynamic truncation). */
export function codeAt(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Bytes(secret)).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  const n = (mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
  return String(n).padStart(6, '0');
}

const apps = new Map();

/** Remembers the app of email: its secret, and the recovery codes once shown. */
export function keepApp(email, secret, recoveryCodes = []) {
  apps.set(email, { secret, lastStep: 0, recovery: [...recoveryCodes] });
}

/** Adds the recovery codes shown after set-up. */
export function keepRecoveryCodes(email, codes) {
  apps.get(email).recovery.push(...codes);
}

/** Whether email's app is known here (its second factor was set up by this test file). */
export const hasApp = (email) => apps.has(email);

/**
 * The next code email may type: the app's code of this step or the next
 * (the server accepts one step of skew, each step once), else one of the
 * recovery codes. `setUp` is the code that confirms a new app.
 */
export function nextCode(email) {
  const app = apps.get(email);
  if (!app) throw new Error(`pas d'application d'authentification pour ${email}`);
  const now = Math.floor(Date.now() / 30000);
  const step = Math.max(app.lastStep + 1, now);
  if (step <= now + 1) {
    app.lastStep = step;
    return codeAt(app.secret, step);
  }
  const code = app.recovery.shift();
  if (!code) throw new Error(`${email} : plus de code disponible`);
  return code;
}
