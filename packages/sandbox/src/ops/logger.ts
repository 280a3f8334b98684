import { pino, type DestinationStream, type Logger } from 'pino';

/** LOG_LEVEL's values (settings.ts). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type { Logger };

/**
 * Keys that must never reach a log line, whatever object is logged by mistake: card data,
 * passwords, tokens. Request logs carry no bodies, headers or query strings in the first place.
 */
const SECRET_KEYS = ['cardNumber', 'cvv', 'cvc', 'password', 'pwd', 'newPassword', 'token', 'authorization', 'cardInformation', 'secretKey', 'cardFingerprintKey'];

/** One JSON object per line on stdout (or destination, for tests). */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'pasarela-sandbox' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`)], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** For in-process tests that do not look at the log. */
export const silentLogger: Logger = pino({ level: 'silent' });

/** An error's message and stack for a log line; never the request that caused it. */
export function errorFields(error: unknown): { err: { message: string; stack?: string | undefined } } {
  return error instanceof Error ? { err: { message: error.message, stack: error.stack } } : { err: { message: String(error) } };
}
