import { describe, expect, it, vi } from 'vitest';
import { DEV_TOOLS_HOOKS, environmentOf, hideDevTools, silenceConsole, startUp, unregisterServiceWorkers } from './startup';

describe('SPEC 9 "Console output is silenced in prod and dev tools are hidden"', () => {
  const fakeConsole = () => {
    const written: string[] = [];
    const write = (...args: unknown[]) => void written.push(args.join(' '));
    return { written, target: { log: write, info: write, debug: write, warn: write, error: write } };
  };

  it.each([
    ['prod', true],
    ['preprod', false],
    ['demo', false],
    ['dev', false],
    ['test', false],
  ] as const)('env %s: console silenced %s', (env, silenced) => {
    const { written, target } = fakeConsole();
    expect(silenceConsole(env, target)).toBe(silenced);
    target.log('a');
    target.error('b');
    target.warn('c');
    expect(written).toEqual(silenced ? [] : ['a', 'b', 'c']);
  });

  it('in prod the dev tools hooks are emptied and cannot be installed again; elsewhere they stay', () => {
    const injected: string[] = [];
    const prod: Record<string, unknown> = { __REACT_DEVTOOLS_GLOBAL_HOOK__: { inject: () => void injected.push('react'), isDisabled: false } };
    expect(hideDevTools('prod', prod)).toBe(true);
    (prod['__REACT_DEVTOOLS_GLOBAL_HOOK__'] as { inject: () => void }).inject();
    expect(injected).toEqual([]);
    expect(Reflect.set(prod, '__PREACT_DEVTOOLS__', { attachPreact: () => undefined })).toBe(false);
    expect(prod['__PREACT_DEVTOOLS__']).toBeUndefined();
    expect(DEV_TOOLS_HOOKS).toContain('__PREACT_DEVTOOLS__');

    const demo: Record<string, unknown> = { __REACT_DEVTOOLS_GLOBAL_HOOK__: { inject: () => void injected.push('react') } };
    expect(hideDevTools('demo', demo)).toBe(false);
    (demo['__REACT_DEVTOOLS_GLOBAL_HOOK__'] as { inject: () => void }).inject();
    expect(injected).toEqual(['react']);
  });

  it('reads the environment from the config, anything unknown being the sandbox', () => {
    expect(environmentOf('prod')).toBe('prod');
    expect(environmentOf('production')).toBe('demo');
    expect(environmentOf('')).toBe('demo');
  });
});

describe('SPEC 9 "Start-up ... unregisters any service worker"', () => {
  it('unregisters every registration of the origin', async () => {
    const unregister = vi.fn(async () => true);
    const container = { getRegistrations: async () => [{ unregister }, { unregister }] };
    expect(await unregisterServiceWorkers(container)).toBe(2);
    expect(unregister).toHaveBeenCalledTimes(2);
  });

  it('does nothing where there are no service workers, and a failing one does not stop start-up', async () => {
    expect(await unregisterServiceWorkers(undefined)).toBe(0);
    expect(await unregisterServiceWorkers({ getRegistrations: () => Promise.reject(new Error('blocked')) })).toBe(0);
    const failing = { getRegistrations: async () => [{ unregister: () => Promise.reject(new Error('x')) }, { unregister: async () => true }] };
    expect(await unregisterServiceWorkers(failing)).toBe(1);
  });
});

describe('startUp (main.tsx)', () => {
  const registrations = (count: number) => {
    const unregistered: number[] = [];
    return { unregistered, container: { getRegistrations: async () => Array.from({ length: count }, (_, i) => ({ unregister: async () => (unregistered.push(i), true) })) } };
  };
  it('in prod silences the console, empties the dev tools hook and unregisters service workers', async () => {
    const target = { log: () => 'spoken' };
    const hook = { inject: () => 'attached' };
    const win: Record<string, unknown> = { __REACT_DEVTOOLS_GLOBAL_HOOK__: hook };
    const sw = registrations(2);
    expect(await startUp('prod', target, win, sw.container)).toBe(2);
    expect(target.log()).toBeUndefined();
    expect(hook.inject()).toBeUndefined();
    expect(sw.unregistered).toEqual([0, 1]);
  });
  it('elsewhere (an unknown env reads as demo) leaves the console alone and still unregisters', async () => {
    const target = { log: () => 'spoken' };
    const sw = registrations(1);
    expect(await startUp('somewhere', target, {}, sw.container)).toBe(1);
    expect(target.log()).toBe('spoken');
  });
});
