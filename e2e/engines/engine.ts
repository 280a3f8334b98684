/**
 * The payer's browsers beside Chromium (TOOLCHAIN.md "Other engines"): Debian's Firefox ESR over
 * WebDriver BiDi (firefox.ts) and WebKitGTK over W3C WebDriver (webkit.ts), behind one small
 * interface, so each flow is written once and run in both.
 */
export type EngineName = 'firefox' | 'webkit';

/** A frame inside a document: the first element `css` selects, or its `nth` (from 0). */
export type FrameStep = string | { css: string; nth: number };
/** Where a script runs: the tab's top document, then each frame in turn ([] is the top document). */
export type FramePath = readonly FrameStep[];

/** A function run in a document: self-contained (it is sent as its source), its arguments and answer JSON. */
export type InPage<A extends unknown[], T> = (...args: A) => T;
/** Finds the one element an action is for, in the document at a path; null while it is not there. */
type Finder<A extends unknown[]> = InPage<A, Element | null | undefined>;

export interface TabOptions {
  width: number;
  height?: number;
}

/** One browsing context in a browser of its own (no storage or cookies shared with another tab). */
export interface EngineTab {
  goto(url: string): Promise<void>;
  url(): Promise<string>;
  /** `fn` run in the document at `path`; throws while that frame is not there. */
  evaluate<A extends unknown[], T>(path: FramePath, fn: InPage<A, T>, ...args: A): Promise<Awaited<T>>;
  /** A pointer click in the middle of the element `find` answers, as the engine's input does it. */
  click<A extends unknown[]>(path: FramePath, find: Finder<A>, ...args: A): Promise<void>;
  /** The element `find` answers, emptied, then typed into key by key. */
  fill<A extends unknown[]>(path: FramePath, text: string, find: Finder<A>, ...args: A): Promise<void>;
  /** Keys pressed one after the other on whatever has the focus, as a keyboard does (WebDriver's key values: '\uE004' Tab, '\uE007' Enter). */
  press(keys: readonly string[]): Promise<void>;
  screenshot(file: string): Promise<void>;
  close(): Promise<void>;
}

/** WebDriver's key values (W3C WebDriver, "Keyboard actions"). */
export const KEY = { tab: '\uE004', enter: '\uE007', shift: '\uE008' } as const;

export interface Engine {
  readonly name: EngineName;
  /** The engine's own version, for the reports. */
  readonly version: string;
  newTab(options: TabOptions): Promise<EngineTab>;
  close(): Promise<void>;
}

/** The source of `fn` called with the arguments a driver passes it. */
export const callSource = (fn: (...args: never[]) => unknown): string => `return (${fn.toString()}).apply(null, arguments);`;
