/**
 * The API's structured log: one JSON object per line on stdout (pino), each carrying the service,
 * environment and build id. Headers that hold secrets are never logged; the request log
 * (operation-log.ts) writes only the fields it names.
 */
import { pino, type Logger } from 'pino';
import type { LogLevel } from '../config.ts';

export type { Logger };

export interface LoggerOptions {
  level: LogLevel;
  environment: string;
  buildId: string;
  /** Where the lines go (default stdout); tests pass a stream. */
  destination?: NodeJS.WritableStream;
}

/** Paths pino blanks out wherever they occur in a logged object. */
export const REDACTED_PATHS = [
  'authorization',
  'cookie',
  'headers.authorization',
  'headers.cookie',
  'headers["x-edge-secret"]',
  'variables',
  'token',
];

export function createLogger(options: LoggerOptions): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'api', environment: options.environment, buildId: options.buildId },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    },
    (options.destination ?? process.stdout) as pino.DestinationStream,
  );
}
