import { ENVIRONMENTS, isConsoleSilenced, type Environment } from '@pasarela/core';

// SPEC 9 "Console output is silenced in prod and dev tools are hidden." and "Start-up ... unregisters
// any service worker." Run by main.tsx before the app renders; each step takes what it changes, so
// the tests hand it their own console, window and service-worker container.

/** The config's `env` as an environment; anything unknown is the sandbox (demo), as a local host is. */
export function environmentOf(env: string): Environment {
  return (ENVIRONMENTS as readonly string[]).includes(env) ? (env as Environment) : 'demo';
}

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'table', 'dir', 'group', 'groupCollapsed'] as const;
type Silenceable = Partial<Record<(typeof CONSOLE_METHODS)[number], unknown>>;
const quiet = () => undefined;

/** In prod every console method writes nothing; elsewhere the console is left alone. Returns whether it silenced. */
export function silenceConsole(env: Environment, target: Silenceable): boolean {
  if (!isConsoleSilenced(env)) return false;
  for (const method of CONSOLE_METHODS) if (typeof target[method] === 'function') target[method] = quiet;
  return true;
}

/** The hooks the React and Preact developer tools attach through; in prod they find nothing to inspect. */
export const DEV_TOOLS_HOOKS = ['__REACT_DEVTOOLS_GLOBAL_HOOK__', '__PREACT_DEVTOOLS__'] as const;

/** In prod the dev tools' hooks are emptied (functions become no-ops) and no new hook can be installed. */
export function hideDevTools(env: Environment, win: Record<string, unknown>): boolean {
  if (!isConsoleSilenced(env)) return false;
  for (const name of DEV_TOOLS_HOOKS) {
    const hook = win[name];
    if (typeof hook === 'object' && hook !== null) {
      for (const [key, value] of Object.entries(hook)) {
        if (typeof value === 'function') (hook as Record<string, unknown>)[key] = quiet;
      }
    }
    try {
      Object.defineProperty(win, name, { value: typeof hook === 'object' && hook !== null ? hook : undefined, writable: false, configurable: false });
    } catch {
      // A hook the extension made unconfigurable stays, emptied above.
    }
  }
  return true;
}

interface Registrations {
  getRegistrations(): Promise<ReadonlyArray<{ unregister(): Promise<boolean> }>>;
}

/** Unregisters every service worker of this origin; resolves with how many were, 0 when none or unsupported. */
export async function unregisterServiceWorkers(container: Registrations | undefined): Promise<number> {
  if (!container) return 0;
  try {
    const registrations = await container.getRegistrations();
    const results = await Promise.all(registrations.map((r) => r.unregister().catch(() => false)));
    return results.filter(Boolean).length;
  } catch {
    return 0;
  }
}

/** What start-up does (main.tsx): SPEC 9's console, dev tools and service workers, in that order. */
export function startUp(env: string, target: Silenceable, win: Record<string, unknown>, container: Registrations | undefined): Promise<number> {
  const environment = environmentOf(env);
  silenceConsole(environment, target);
  hideDevTools(environment, win);
  return unregisterServiceWorkers(container);
}
