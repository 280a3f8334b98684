/** A sandbox a test talks to, in a process of its own or not: its two origins, its log, its stop. */
export interface Sandbox {
  /** Checkout origin, e.g. http://localhost:4000 */
  url: string;
  /** Demo shop origin (another port, another origin). */
  demoUrl: string;
  /** What it logged so far (JSON lines). */
  output: () => string;
  stop: () => Promise<void>;
}
/** The built sandbox (packages/sandbox/dist/server.mjs) running as a child process. */
export interface RunningSandbox extends Sandbox {
  /** The node's process (to send it a signal). */
  child: import('node:child_process').ChildProcess;
  /** Resolves when the process exits, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}
/** Runs `start` on two free ports; again on new ports (twice at most) when it throws an EADDRINUSE error. */
export declare function onFreePorts<T>(start: (port: number, demoPort: number) => Promise<T>): Promise<T>;
/** The built simulator as a child process, its books in memory: `env` points servers at it. */
export interface SimulatorProcess {
  url: string;
  env: { PROCESSORS_URL: string; SIMULATOR_API_SECRET: string; SIMULATOR_NOTIFICATION_SECRET: string };
  books(port: string): Promise<Array<{ key: string; port: string; request: Record<string, unknown>; state: Record<string, unknown>; answerAt: string | null }>>;
  stop(): Promise<void>;
}
export declare function startSimulatorProcess(): Promise<SimulatorProcess>;
/** The built card vault as a child process, its store in a fresh directory: `env` points servers at it. */
export interface VaultProcess {
  url: string;
  env: { VAULT_URL: string; VAULT_API_SECRET: string; VAULT_PUBLIC_URL: string };
  /** Each processor's forwarding origin (VAULT_FORWARD_PORT_<name>). */
  forwarding: Record<string, string>;
  output: () => string;
  stop(): Promise<void>;
}
/** `origins` may tokenize at it; `forward` holds VAULT_FORWARD_<name> and VAULT_FORWARD_PORT_<name>. */
export declare function startVaultProcess(origins: readonly string[], forward?: Record<string, string>): Promise<VaultProcess>;
/**
 * Without PROCESSORS_URL the sandbox gets a simulator of its own (`simulator`), stopped with it; `PROCESSORS_URL: ''` starts none.
 * Without VAULT_URL it gets a card vault of its own (`vault`) forwarding to that simulator and to `env`'s VAULT_FORWARD_<name>.
 */
export declare function startSandbox(env?: Record<string, string>, server?: string): Promise<RunningSandbox & { simulator?: SimulatorProcess; vault?: VaultProcess }>;
/** The `--server packages/sandbox/dist/<file>.mjs` option of a benchmark, or undefined. */
export declare function serverOption(argv?: string[], flag?: string): string | undefined;
/** A port nothing listens on now, never one this process handed out before. */
export declare function freePort(): Promise<number>;
