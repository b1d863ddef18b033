/**
 * The end-to-end suite drives Debian's Chromium (browser downloads are impossible here).
 * Finds it, or installs it with apt-get when running as root on a Debian machine.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureChromium(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
    Boolean,
  ) as string[];
  const found = candidates.find((path) => existsSync(path));
  if (found) return found;
  if (process.getuid?.() === 0 && existsSync('/usr/bin/apt-get')) {
    console.log('Installing Debian Chromium for the end-to-end suite ...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium', 'fonts-liberation'], {
      stdio: 'inherit',
      env,
    });
    if (install.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  throw new Error(
    "Chromium not found: install Debian's chromium package (apt-get install chromium) or set CHROMIUM_PATH.",
  );
}
