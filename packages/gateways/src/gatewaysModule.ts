import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { GatewayNotifications } from './GatewayNotifications';
import type { Gateways } from './Gateways';
import type { CaptchaVerifier } from './CaptchaVerifier';

export interface ProvidedGateways {
  gateways: Partial<Gateways>;
  notifications?: GatewayNotifications | undefined;
  /**
   * The processor these adapters reach ('stripe'), recorded on every attempt their ports make: only a
   * node whose module names the same settles it. The same on every node; GATEWAYS_MODULE's value when absent.
   */
  processor?: string | undefined;
  /** The provider's captcha service (docs/gateways.md "Captcha"); else the sandbox's own verdict. */
  captcha?: CaptchaVerifier | undefined;
}

/** What the module is handed when its export is a function: where its processors' notifications are to be sent. */
export interface GatewaysModuleContext {
  /** The server's notification route for a port: `<checkout origin>/gateways/<port>/notifications`. */
  notificationUrl(port: keyof Gateways): string;
}

/** The module's default export (or its export named `gateways`): the provided gateways, or a function making them. */
export type GatewaysModuleExport = ProvidedGateways | ((context: GatewaysModuleContext) => ProvidedGateways | Promise<ProvidedGateways>);

export const PORTS: ReadonlyArray<keyof Gateways> = ['card', 'push', 'voucher', 'crypto', 'bank', 'payout'];

export interface ImportedGatewaysModule {
  exports: Record<string, unknown>;
  make(context: GatewaysModuleContext): Promise<ProvidedGateways>;
}

/**
 * GATEWAYS_MODULE (docs/gateways.md), loaded without editing it; a port it names that is not one of
 * the five stops the start with the reason. `path` is a file, else an installed package's name.
 */
export async function importGatewaysModule(path: string, cwd = process.cwd()): Promise<ImportedGatewaysModule> {
  const file = isAbsolute(path) ? path : resolve(cwd, path);
  const url = existsSync(file) || path.startsWith('.') || isAbsolute(path) ? pathToFileURL(file).href : path;
  // A module that is not there, or fails as it loads, is named with the setting that asked for it.
  const module = (await import(url).catch((error: unknown) => {
    throw new Error(`GATEWAYS_MODULE ${path} could not be loaded: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  })) as Record<string, unknown> & { default?: GatewaysModuleExport; gateways?: GatewaysModuleExport };
  const exported = module.default ?? module.gateways;
  if (!exported) throw new Error(`GATEWAYS_MODULE ${path}: export default { gateways: { card?, push?, voucher?, crypto?, bank? }, notifications? }`);
  const make = async (context: GatewaysModuleContext): Promise<ProvidedGateways> => {
    const provided = typeof exported === 'function' ? await exported(context) : exported;
    if (typeof provided !== 'object' || provided === null || typeof provided.gateways !== 'object' || provided.gateways === null) {
      throw new Error(`GATEWAYS_MODULE ${path}: its export gives no gateways object`);
    }
    for (const [port, adapter] of Object.entries(provided.gateways)) {
      if (!PORTS.includes(port as keyof Gateways)) throw new Error(`GATEWAYS_MODULE ${path}: ${port} is not a port (${PORTS.join(', ')})`);
      if (typeof adapter !== 'object' || adapter === null) throw new Error(`GATEWAYS_MODULE ${path}: gateways.${port} is not an adapter object`);
    }
    if (provided.captcha !== undefined && (typeof provided.captcha !== 'object' || provided.captcha === null || typeof provided.captcha.verify !== 'function')) {
      throw new Error(`GATEWAYS_MODULE ${path}: captcha is not an adapter with verify()`);
    }
    const tokenLifeMs = provided.captcha?.tokenLifeMs;
    if (tokenLifeMs !== undefined && !(typeof tokenLifeMs === 'number' && Number.isFinite(tokenLifeMs) && tokenLifeMs > 0)) {
      throw new Error(`GATEWAYS_MODULE ${path}: captcha.tokenLifeMs is not a number of milliseconds above 0`);
    }
    for (const [port, handler] of Object.entries(provided.notifications ?? {})) {
      if (!PORTS.includes(port as keyof Gateways) || typeof handler !== 'function') throw new Error(`GATEWAYS_MODULE ${path}: notifications.${port} is not a handler of a port`);
    }
    return provided;
  };
  return { exports: module, make };
}

export async function loadGatewaysModule(path: string, context: GatewaysModuleContext, cwd = process.cwd()): Promise<ProvidedGateways> {
  return (await importGatewaysModule(path, cwd)).make(context);
}
