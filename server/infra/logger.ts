import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON logs (one object per line); `npm start` pipes nothing, so they stay machine-readable. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'opennest' },
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
  });
}
