// SPEC 9 "Environments by host: dev, test, demo (sandbox), preprod, prod."

export const ENVIRONMENTS = ['dev', 'test', 'demo', 'preprod', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** SPEC 6 "a per-environment anonymous user service id" (sandbox values; production ones are not shown). */
export const ANONYMOUS_USER_SERVICE_ID: Readonly<Record<Environment, number>> = {
  dev: 1001,
  test: 1002,
  demo: 1003,
  preprod: 1004,
  prod: 1005,
};

/** The host label that names each environment; anything local or unknown is the sandbox (demo). */
const HOST_MARKERS: ReadonlyArray<readonly [RegExp, Environment]> = [
  [/(^|[.-])preprod([.-]|$)/, 'preprod'],
  [/(^|[.-])dev([.-]|$)/, 'dev'],
  [/(^|[.-])(test|qa)([.-]|$)/, 'test'],
  [/(^|[.-])(demo|sandbox)([.-]|$)/, 'demo'],
];

/**
 * Picks the environment from a host name (with or without port). Local hosts are the sandbox, so a
 * developer running `npm start` gets demo; a public host with no marker is production.
 */
export function environmentOfHost(host: string): Environment {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (name === '' || name === 'localhost' || name === '::1' || /^127\./.test(name) || name.endsWith('.localhost')) {
    return 'demo';
  }
  for (const [marker, env] of HOST_MARKERS) if (marker.test(name)) return env;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'demo';
  return 'prod';
}

/** SPEC 9 "Console output is silenced in prod and dev tools are hidden." */
export function isConsoleSilenced(env: Environment): boolean {
  return env === 'prod';
}

/**
 * SPEC 4 "Captcha: ... In non-qa/non-production environments, and in two specific environments, it
 * is always accepted (score 1)." Our qa is `test`; the two specific ones are demo and preprod.
 */
export function captchaAlwaysAccepted(env: Environment): boolean {
  return env !== 'test' && env !== 'prod';
}
