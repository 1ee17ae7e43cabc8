import { cp, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { packInstall } from '../../../scripts/pack-install.mjs';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');

/** A beforeAll's worth of time: a first pack and install (with a build) takes about a minute on 2 cores. */
export const INSTALL_TIMEOUT_MS = 5 * 60 * 1000;
/** One test's bound: above the sum of the bounded waits inside it (a server's start 30 s, a turn 20 s), on a busy machine. */
export const TEST_TIMEOUT_MS = 90_000;

/**
 * The project where the packed tarballs are installed (shared by every install test of a run), with the fixture
 * folder `fixture` copied into it as `<as>/`: its imports resolve through the project's node_modules only.
 */
export async function installedFixture(fixture: 'app' | 'types', as: string): Promise<{ project: string; dir: string }> {
  const { dir: project } = await packInstall();
  const dir = join(project, as);
  await rm(dir, { recursive: true, force: true });
  await cp(join(fixtures, fixture), dir, { recursive: true });
  return { project, dir };
}
