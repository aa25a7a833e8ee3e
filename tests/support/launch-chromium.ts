import { execFileSync } from 'node:child_process';
import { chromium, type Browser } from 'playwright';

/**
 * Debian's Chromium (installed by scripts/install-chromium.sh), never a browser download:
 * nothing but the package registries can be reached from here.
 */
export function findChromium(): string | undefined {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v chromium'], { encoding: 'utf8' }).trim() || undefined
    );
  } catch {
    return undefined;
  }
}

/** The flags every browser run here uses: headless, and nothing that calls out. */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export function launchChromium(executablePath: string): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: CHROMIUM_FLAGS,
  });
}
