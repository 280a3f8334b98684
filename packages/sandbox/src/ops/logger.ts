import { pino, type DestinationStream, type Logger } from 'pino';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type { Logger };

/**
 * Whatever is logged by mistake, at the top of a line or one object down; request logs carry no
 * bodies, headers or query strings anyway. The secrets' names as the settings (settings.ts,
 * runNode.ts), the gateways modules and the store's rows spell them, and as the environment does.
 */
const SECRET_KEYS = [
  'cardNumber', 'cvv', 'cvc', 'cardInformation', 'cardToken', 'card_token',
  'password', 'pwd', 'newPassword', 'passwordHash', 'password_hash', 'token', 'captchaToken', 'authorization',
  'secret', 'secretKey', 'secret_key', 'webhookSecret', 'webhook_secret', 'previousSecret', 'previous_secret', 'apiSecret',
  'adminToken', 'metricsToken', 'vaultApiSecret', 'vaultSecret', 'simulatorApiSecret', 'notificationSecret', 'databaseUrl',
  'SANDBOX_ADMIN_TOKEN', 'METRICS_TOKEN', 'VAULT_API_SECRET', 'SIMULATOR_API_SECRET', 'SIMULATOR_NOTIFICATION_SECRET', 'DATABASE_URL',
  'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET',
];

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
