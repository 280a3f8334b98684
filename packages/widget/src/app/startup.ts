import { ENVIRONMENTS, isConsoleSilenced, type Environment } from '@pasarela/core';

// SPEC 9 start-up; each step takes what it changes, so tests hand it their own console, window and service workers.

export function environmentOf(env: string): Environment {
  return (ENVIRONMENTS as readonly string[]).includes(env) ? (env as Environment) : 'demo';
}

const CONSOLE_METHODS = ['log', 'info', 'debug', 'warn', 'error', 'trace', 'table', 'dir', 'group', 'groupCollapsed'] as const;
type Silenceable = Partial<Record<(typeof CONSOLE_METHODS)[number], unknown>>;
const quiet = () => undefined;

export function silenceConsole(env: Environment, target: Silenceable): boolean {
  if (!isConsoleSilenced(env)) return false;
  for (const method of CONSOLE_METHODS) if (typeof target[method] === 'function') target[method] = quiet;
  return true;
}

export const DEV_TOOLS_HOOKS = ['__REACT_DEVTOOLS_GLOBAL_HOOK__', '__PREACT_DEVTOOLS__'] as const;

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

export function startUp(env: string, target: Silenceable, win: Record<string, unknown>, container: Registrations | undefined): Promise<number> {
  const environment = environmentOf(env);
  silenceConsole(environment, target);
  hideDevTools(environment, win);
  return unregisterServiceWorkers(container);
}
