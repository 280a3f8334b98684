import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/sandbox-process.mjs';
import { callSource, type Engine, type EngineTab, type FramePath, type InPage, type TabOptions } from './engine';

export const WEBKIT_DRIVER_PATH = process.env['WEBKIT_DRIVER_PATH'] ?? '/usr/bin/WebKitWebDriver';
export const XVFB_PATH = '/usr/bin/Xvfb';
/** The "browser" WebKitWebDriver starts for a session: a bare GTK window (MiniBrowser is at least 447 px wide). */
const WEBKIT_WINDOW = fileURLToPath(new URL('./webkit-window.py', import.meta.url));

/** WebDriver's name for an element reference in a command's body. */
const ELEMENT = 'element-6066-11e4-a52e-4f735466cecf';
type ElementReference = { [ELEMENT]: string };

/**
 * WebKitGTK through WebKitWebDriver (W3C WebDriver classic, spoken over HTTP here), its windows on
 * an Xvfb display of their own. Each tab is a WebDriver session of a driver of its own: a window process
 * with ephemeral storage, so two tabs are two browsers to the checkout. `initScript` (a file) runs at
 * the start of every frame of every tab.
 */
export async function launchWebKit(options: { initScript?: string } = {}): Promise<Engine> {
  const processes: ChildProcess[] = [];
  const stopAll = () => processes.reverse().forEach((child) => child.kill());
  try {
    const xvfb = spawn(XVFB_PATH, ['-displayfd', '3', '-screen', '0', '1400x1000x24', '-nolisten', 'tcp'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'] });
    processes.push(xvfb);
    const display = await new Promise<string>((resolve, reject) => {
      xvfb.stdio[3]?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      xvfb.once('exit', (code) => reject(new Error(`Xvfb ended (${code})`)));
    });
    const env = { ...process.env, DISPLAY: `:${display}`, ...(options.initScript ? { ENGINE_INIT_SCRIPT: options.initScript } : {}) };
    const tabs = new Set<EngineTab>();
    /** A driver of its own for each tab: WebKitWebDriver holds one session at a time. */
    const newDriver = async () => {
      const port = await freePort();
      const driver = spawn(WEBKIT_DRIVER_PATH, [`--port=${port}`, '--host=127.0.0.1'], { env, stdio: 'ignore' });
      const base = `http://127.0.0.1:${port}`;
      try {
        await untilAnswering(`${base}/status`);
        return { base, session: await newSession(base), stop: () => void driver.kill() };
      } catch (error) {
        driver.kill();
        throw error;
      }
    };
    let version = 'WebKitGTK';
    return {
      name: 'webkit',
      get version() {
        return version;
      },
      newTab: async (tabOptions) => {
        const { base, session, stop } = await newDriver();
        version = `WebKitGTK ${String(session.capabilities['browserVersion'] ?? '')}`;
        const tab = await tabOf(base, session.id, tabOptions, () => {
          tabs.delete(tab);
          stop();
        });
        tabs.add(tab);
        return tab;
      },
      close: async () => {
        await Promise.allSettled([...tabs].map((tab) => tab.close()));
        stopAll();
      },
    };
  } catch (error) {
    stopAll();
    throw error;
  }
}

async function untilAnswering(url: string): Promise<void> {
  const until = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch (error) {
      if (Date.now() > until) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function newSession(base: string): Promise<{ id: string; capabilities: Record<string, unknown> }> {
  const value = await send(`${base}/session`, 'POST', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: WEBKIT_WINDOW, args: [] }, unhandledPromptBehavior: 'accept' } },
  });
  const { sessionId, capabilities } = value as { sessionId: string; capabilities: Record<string, unknown> };
  return { id: sessionId, capabilities };
}

const command = (base: string, session: string, method: string, path: string, body?: unknown) => send(`${base}/session/${session}${path}`, method, body);

async function send(url: string, method: string, body?: unknown): Promise<unknown> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? (method === 'POST' ? '{}' : undefined) : JSON.stringify(body),
    signal: AbortSignal.timeout(60_000),
  });
  const { value } = (await res.json()) as { value: unknown };
  if (!res.ok) {
    const { error, message } = value as { error: string; message: string };
    throw new Error(`WebDriver ${method} ${new URL(url).pathname.replace(/^\/session\/[^/]+/, '')}: ${error}: ${message}`);
  }
  return value;
}

async function tabOf(base: string, session: string, { width, height = 740 }: TabOptions, forget: () => void): Promise<EngineTab> {
  const run = (path: string, body?: unknown) => command(base, session, 'POST', path, body);
  await run('/window/rect', { width, height });
  const execute = (script: string, args: unknown[]) => run('/execute/sync', { script, args });
  /**
   * Into the frame at `path`. The frame entered last is kept (a frame's browsing context outlives its
   * navigations) until another path is asked for, or the frame has gone: then from the top again.
   */
  let entered: string | undefined;
  const enterFromTop = async (path: FramePath) => {
    entered = undefined;
    await run('/frame', { id: null });
    for (const step of path) {
      const { css, nth } = typeof step === 'string' ? { css: step, nth: 0 } : step;
      const frame = await execute('return document.querySelectorAll(arguments[0])[arguments[1]] || null', [css, nth]);
      if (!frame) throw new Error(`no frame ${css} [${nth}]`);
      await run('/frame', { id: frame });
    }
    entered = JSON.stringify(path);
  };
  /** `act` in the frame at `path`; once more from the top when the kept frame has gone under it. */
  const inFrame = async <T>(path: FramePath, act: () => Promise<T>): Promise<T> => {
    const kept = entered === JSON.stringify(path);
    if (!kept) await enterFromTop(path);
    try {
      return await act();
    } catch (error) {
      if (!kept || !/no such frame|no such window|stale element/i.test(String(error))) throw error;
      await enterFromTop(path);
      return act();
    }
  };
  const element = async <A extends unknown[]>(path: FramePath, find: InPage<A, Element | null | undefined>, args: A): Promise<string> => {
    const found = (await inFrame(path, () => execute(callSource(find), args))) as ElementReference | null;
    if (!found) throw new Error(`no element for ${find.toString().slice(0, 80)} (${JSON.stringify(args)})`);
    return found[ELEMENT];
  };
  /**
   * Element Click, or where WebKit finds it covered or not interactable (a field's floating label
   * over it, a control drawn apart from its box) a pointer's press in its middle, where a payer's
   * finger lands.
   */
  const click = async (id: string) => {
    // WebKit's driver does not scroll an element inside a frame of another origin into view itself.
    await execute('arguments[0].scrollIntoView({ block: "center" })', [{ [ELEMENT]: id }]);
    try {
      await run(`/element/${id}/click`);
    } catch (error) {
      if (!/element click intercepted|element not interactable/.test(String(error))) throw error;
      const pointer = [{ type: 'pointerMove', origin: { [ELEMENT]: id }, x: 0, y: 0 }, { type: 'pointerDown', button: 0 }, { type: 'pointerUp', button: 0 }];
      await run('/actions', { actions: [{ type: 'pointer', id: 'finger', parameters: { pointerType: 'mouse' }, actions: pointer }] });
    }
  };
  return {
    goto: async (url) => {
      entered = undefined;
      await run('/url', { url });
    },
    url: async () => String(await command(base, session, 'GET', '/url')),
    evaluate: async (path, fn, ...args) => (await inFrame(path, () => execute(callSource(fn), args))) as never,
    click: async (path, find, ...args) => click(await element(path, find, args)),
    fill: async (path, text, find, ...args) => {
      // Clicked, then typed as key presses: WebKit's Element Send Keys refuses a field in a frame of
      // another origin ("not focusable"), and its Element Clear one it cannot focus.
      const id = await element(path, find, args);
      await click(id);
      const emptied = (await execute(callSource((el: HTMLInputElement) => {
        el.select();
        return el.value === '';
      }), [{ [ELEMENT]: id }])) as boolean;
      const keys = [...(emptied ? [] : ['\uE003']), ...text];
      await run('/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }] });
    },
    press: async (keys) => {
      await run('/actions', { actions: [{ type: 'key', id: 'keyboard', actions: keys.flatMap((value) => [{ type: 'keyDown', value }, { type: 'keyUp', value }]) }] });
    },
    screenshot: async (file) => writeFile(file, Buffer.from(String(await command(base, session, 'GET', '/screenshot')), 'base64')),
    close: async () => {
      await command(base, session, 'DELETE', '').finally(forget);
    },
  };
}
