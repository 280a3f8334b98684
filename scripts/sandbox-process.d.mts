export interface RunningSandbox {
  /** Checkout origin, e.g. http://localhost:4000 */
  url: string;
  /** Demo shop origin (another port, another origin). */
  demoUrl: string;
  output: () => string;
  stop: () => Promise<void>;
}
export declare function startSandbox(env?: Record<string, string>): Promise<RunningSandbox>;
