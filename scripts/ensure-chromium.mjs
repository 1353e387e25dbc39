#!/usr/bin/env node
// Makes sure the browser tests can run: Debian's Chromium (Playwright drives it; its own browser download
// is not used) and poppler-utils (pdftotext, used to read generated PDFs). Installs them as root.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { aptInstall, capture, isRoot, which } from './lib/shell.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

function missingPackages() {
  const missing = [];
  if (!fs.existsSync(CHROMIUM_PATH)) missing.push('chromium');
  if (!which('pdftotext')) missing.push('poppler-utils');
  return missing;
}

/** Returns the Chromium version line; throws with the exact install command when it cannot be provided. */
export async function ensureChromium({ log = console.log } = {}) {
  let missing = missingPackages();
  if (missing.length > 0) {
    if (!isRoot() || !which('apt-get')) {
      throw new Error(
        `Missing for the browser tests: ${missing.join(', ')}.\n` +
          `Install with: sudo apt-get install -y ${missing.join(' ')}\n` +
          `(Playwright drives the system Chromium at ${CHROMIUM_PATH}; set CHROMIUM_PATH if yours is elsewhere.)`,
      );
    }
    if (!(await aptInstall(missing))) throw new Error(`apt-get could not install ${missing.join(', ')} (see above).`);
    missing = missingPackages();
    if (missing.length > 0) throw new Error(`Still missing after apt-get install: ${missing.join(', ')}.`);
  }
  const version = capture(CHROMIUM_PATH, ['--version']);
  if (version.code !== 0) throw new Error(`${CHROMIUM_PATH} --version failed: ${version.stderr.trim()}`);
  const line = version.stdout.trim().split('\n').pop() ?? '';
  log(`Browser: ${line}`);
  return line;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    await ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
