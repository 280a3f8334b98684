/**
 * Paths that carry a bearer's secret (an e-mailed payment request's token, which opens it): logged
 * with the secret replaced by its name. By the path itself: a request whose handler threw is matched
 * to no route pattern by then.
 */
const SECRET_PATHS: ReadonlyArray<[RegExp, string]> = [[/^(\/api\/v1\/email-payments\/)[^/]+/, '$1:token']];

export function loggedPath(path: string): string {
  return SECRET_PATHS.reduce((logged, [pattern, replacement]) => logged.replace(pattern, replacement), path);
}
