/**
 * The console's error reports (README "For operators", error reports): on only in production with
 * a DSN in /config.json. The reporter (reporter.ts, with its SDK) is loaded lazily after the first
 * render's code, so the first load does not grow and nothing is loaded where reporting is off.
 * Errors before it is installed are held (at most a few) and sent once it is.
 */
import type { RuntimeConfig } from '../config/runtimeConfig.ts';

export function errorReportingOn(config: Pick<RuntimeConfig, 'environment' | 'errorReporting'>): boolean {
  return config.environment === 'production' && Boolean(config.errorReporting?.dsn.trim());
}

type Report = (error: unknown) => void;
let report: Report | null = null;
const held: unknown[] = [];
const MAX_HELD = 10;

/** Reports an error (a React error boundary's, say); does nothing where reporting is off. */
export function reportError(error: unknown): void {
  if (report) report(error);
  else if (started && held.length < MAX_HELD) held.push(error);
}

let started = false;

/** Loads and installs the reporter where reporting is on; answers whether it did. */
export async function startErrorReporting(config: RuntimeConfig): Promise<boolean> {
  if (!errorReportingOn(config) || started) return false;
  started = true;
  try {
    const { installReporter } = await import('./reporter.ts');
    report = installReporter({
      dsn: config.errorReporting!.dsn,
      environment: config.environment,
      buildId: config.buildId,
    });
    for (const error of held.splice(0)) report(error);
    return true;
  } catch (error) {
    // The reporter's chunk could not be loaded: the console works on without it.
    console.error('Error reporting could not start:', error);
    return false;
  }
}
