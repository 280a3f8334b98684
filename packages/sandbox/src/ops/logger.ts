import { pino, type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type { Logger };

/** Whatever is logged by mistake; request logs carry no bodies, headers or query strings anyway. */
const SECRET_KEYS = ['cardNumber', 'cvv', 'cvc', 'password', 'pwd', 'newPassword', 'token', 'authorization', 'cardInformation', 'secretKey', 'vaultApiSecret'];

export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'pasarela-sandbox' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...SECRET_KEYS, ...SECRET_KEYS.map((k) => `*.${k}`)], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const silentLogger: Logger = pino({ level: 'silent' });

/** Never the request that caused it. */
export function errorFields(error: unknown): { err: { message: string; stack?: string | undefined } } {
  return error instanceof Error ? { err: { message: error.message, stack: error.stack } } : { err: { message: String(error) } };
}
