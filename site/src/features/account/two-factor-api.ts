import { api } from '../../lib/api';

/** The second factor of the signed-in account, as the profile shows it. */
export interface TwoFactorStatus {
  enabled: boolean;
  /** Staff accounts may not turn it off. */
  required: boolean;
  recoveryCodesLeft: number;
}

/** A new secret to scan: its text, its otpauth:// link and its QR code (inline SVG made by the server). */
export interface TwoFactorSetup {
  secret: string;
  uri: string;
  qrSvg: string;
}

export const twoFactorStatus = () => api<TwoFactorStatus>('GET', '/api/profile/two-factor');
export const beginTwoFactor = () => api<TwoFactorSetup>('POST', '/api/profile/two-factor/setup');
export const enableTwoFactor = (code: string, password: string) =>
  api<{ recoveryCodes: string[] }>('POST', '/api/profile/two-factor/enable', { code, password });
export const newRecoveryCodes = (password: string) =>
  api<{ recoveryCodes: string[] }>('POST', '/api/profile/two-factor/recovery-codes', { password });
export const disableTwoFactor = (password: string) => api<void>('POST', '/api/profile/two-factor/disable', { password });

/** "JBSW Y3DP EHPK 3PXP": the secret in groups of four, easier to type into an app. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
