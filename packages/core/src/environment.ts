export const ENVIRONMENTS = ['dev', 'test', 'demo', 'preprod', 'prod'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const ANONYMOUS_USER_SERVICE_ID: Readonly<Record<Environment, number>> = {
  dev: 1001,
  test: 1002,
  demo: 1003,
  preprod: 1004,
  prod: 1005,
};

const HOST_MARKERS: ReadonlyArray<readonly [RegExp, Environment]> = [
  [/(^|[.-])preprod([.-]|$)/, 'preprod'],
  [/(^|[.-])dev([.-]|$)/, 'dev'],
  [/(^|[.-])(test|qa)([.-]|$)/, 'test'],
  [/(^|[.-])(demo|sandbox)([.-]|$)/, 'demo'],
];

/** Local hosts are the sandbox (demo); a public host with no marker is production. */
export function environmentOfHost(host: string): Environment {
  const name = host.trim().toLowerCase().replace(/:\d+$/, '').replace(/^\[|\]$/g, '');
  if (name === '' || name === 'localhost' || name === '::1' || /^127\./.test(name) || name.endsWith('.localhost')) {
    return 'demo';
  }
  for (const [marker, env] of HOST_MARKERS) if (marker.test(name)) return env;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(name)) return 'demo';
  return 'prod';
}

export function isConsoleSilenced(env: Environment): boolean {
  return env === 'prod';
}

/** SPEC 4's qa is our `test`; its two specific environments are demo and preprod. */
export function captchaAlwaysAccepted(env: Environment): boolean {
  return env !== 'test' && env !== 'prod';
}
