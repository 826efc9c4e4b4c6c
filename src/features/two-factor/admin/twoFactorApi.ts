import { call } from '../../../core/admin/api/http';
import * as op from '../contract';

/** The two-factor routes, typed by their contract (../contract.ts). */
export const loadTwoFactor = () => call(op.twoFactorStatus, '/api/auth/2fa');
export const startSetup = () => call(op.twoFactorSetup, '/api/auth/2fa/setup', { method: 'POST' });
export const enableTwoFactor = (code: string) => call(op.twoFactorEnable, '/api/auth/2fa/enable', { method: 'POST', body: { code } });
export const disableTwoFactor = (password: string, code: string) =>
  call(op.twoFactorDisable, '/api/auth/2fa/disable', { method: 'POST', body: { password, code } });
export const resetUserTwoFactor = (userId: string) =>
  call(op.resetUserTwoFactor, `/api/auth/users/${encodeURIComponent(userId)}/2fa`, { method: 'DELETE' });

/** The SVG as an image source: drawn by <img>, where markup cannot run anything. */
export const svgImageSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
