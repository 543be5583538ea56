import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * JSON logs (one object per line); `npm start` pipes nothing, so they stay machine-readable.
 * `destination`: where lines go instead of stdout (a test that reads what the app logs).
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service: 'opennest' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  };
  return destination ? pino(options, destination) : pino(options);
}
