// Finds the Chromium that browser tests drive. Test tools must never download their own browser (that
// fails on our machines and CI), so this is the one place that decides which binary to use.
import { execFileSync } from 'node:child_process';
import { isExecutable, onPath } from './executables.mjs';
import { fileURLToPath } from 'node:url';

/** Flags for a root, headless, offline-ish CI: without the networking ones Chromium keeps dialing out. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** The path of a Chromium to launch: CHROME_PATH, a system one, or one installed with apt-get as root. */
export function findChromium() {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (!isExecutable(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, which is not an executable file`);
    return fromEnv;
  }
  const found = CANDIDATES.find(isExecutable);
  if (found) return found;

  if (process.getuid?.() === 0 && onPath('apt-get') !== undefined) {
    console.error('find-chromium: no Chromium found; installing it with apt-get…');
    // stdout goes to stderr so that `node scripts/find-chromium.mjs` still prints only the path.
    execFileSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], { stdio: ['ignore', 2, 2] });
    if (isExecutable('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new Error('find-chromium: apt-get install chromium finished but /usr/bin/chromium is missing');
  }

  throw new Error(
    'No Chromium found for the browser tests. Looked at $CHROME_PATH and ' +
      `${CANDIDATES.join(', ')}. Install one (Debian/Ubuntu: \`sudo apt-get install -y chromium\`; ` +
      'macOS: install Google Chrome) or set CHROME_PATH to the browser executable, e.g. ' +
      "CHROME_PATH='/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'.",
  );
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    console.log(findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
