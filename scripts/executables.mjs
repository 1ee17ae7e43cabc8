// Where the test scripts look for the programs they need (Chromium, redis-server, apt-get).
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

/** The file exists and may be run. */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program's path on $PATH, or undefined. */
export function onPath(name) {
  const found = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const path = found.status === 0 ? found.stdout.trim() : '';
  return path && isExecutable(path) ? path : undefined;
}
