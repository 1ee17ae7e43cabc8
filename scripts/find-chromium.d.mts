/** Flags for a root, headless Chromium on a closed network. */
export const CHROMIUM_ARGS: string[];
/** The Chromium to launch: CHROME_PATH, a system one, or one installed with apt-get as root; throws with advice otherwise. */
export function findChromium(): string;
