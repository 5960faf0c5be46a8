/** The process logger (pino). INFO in production, DEBUG otherwise, unless LCI_LOG_LEVEL says. */
import pino, { type Logger } from 'pino';
export type { Logger } from 'pino';

export function createLogger(level: string, name = 'lifecycle'): Logger {
  return pino({
    name,
    level,
    redact: {
      paths: ['password', '*.password', 'token', '*.token', 'authorization', '*.authorization'],
      censor: '[redacted]',
    },
  });
}
