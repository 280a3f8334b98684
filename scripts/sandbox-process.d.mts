export interface RunningSandbox {
  /** Checkout origin, e.g. http://localhost:4000 */
  url: string;
  /** Demo shop origin (another port, another origin). */
  demoUrl: string;
  output: () => string;
  /** The node's process (to send it a signal). */
  child: import('node:child_process').ChildProcess;
  /** Resolves when the process exits, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop: () => Promise<void>;
}
export declare function startSandbox(env?: Record<string, string>, server?: string): Promise<RunningSandbox>;
/** The `--server packages/sandbox/dist/<file>.mjs` option of a benchmark, or undefined. */
export declare function serverOption(argv?: string[]): string | undefined;
/** A port nothing listens on now, never one this process handed out before. */
export declare function freePort(): Promise<number>;
