// Running npm (and other tools) from the packaging scripts: printed, in a clean npm environment, bounded in time.
import { spawn } from 'node:child_process';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/**
 * npm run inside `npm test` inherits npm_config_* and npm_package_* variables describing this workspace; the
 * child npm must see only the user's own configuration, or it would act on the workspace instead of its cwd.
 */
export function cleanNpmEnv(env = process.env) {
  const clean = {};
  for (const [key, value] of Object.entries(env)) {
    const lower = key.toLowerCase();
    const workspaceScoped =
      lower.startsWith('npm_package_') ||
      lower.startsWith('npm_lifecycle_') ||
      ['npm_config_local_prefix', 'npm_config_prefix', 'npm_config_workspace', 'npm_config_workspaces', 'init_cwd'].includes(lower);
    if (!workspaceScoped) clean[key] = value;
  }
  return clean;
}

/** Runs a command, printing it; resolves with its stdout, rejects with its stderr's tail. */
export function run(log, command, args, cwd, timeoutMs = 10 * 60 * 1000) {
  log(`$ ${[command, ...args].join(' ')}${cwd === root ? '' : `   (in ${cwd})`}`);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: cleanNpmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) return resolve(stdout);
      const why = signal ? `killed by ${signal}${signal === 'SIGKILL' ? ` after ${timeoutMs} ms` : ''}` : `exit ${code}`;
      // tsc reports on stdout, npm on stderr: the tail of both says why.
      const tail = `${stdout}\n${stderr}`.trim().split('\n').slice(-30).join('\n');
      reject(new Error(`${command} ${args.join(' ')} failed (${why}):\n${tail}`));
    });
  });
}
