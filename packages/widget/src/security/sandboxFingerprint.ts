import type { FingerprintIds, FingerprintProvider } from './types';

function traits(): string {
  const screenSize = typeof screen === 'undefined' ? '' : `${screen.width}x${screen.height}x${screen.colorDepth}`;
  return [navigator.userAgent, navigator.language, screenSize, Intl.DateTimeFormat().resolvedOptions().timeZone, navigator.hardwareConcurrency].join('|');
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export const sandboxFingerprint: FingerprintProvider = {
  async identify(publicKey): Promise<FingerprintIds> {
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`${publicKey}|${traits()}`));
    return {
      visitorId: `fp_${hex(new Uint8Array(digest)).slice(0, 32)}`,
      requestId: `${Date.now()}.${hex(crypto.getRandomValues(new Uint8Array(6)))}`,
    };
  },
};
