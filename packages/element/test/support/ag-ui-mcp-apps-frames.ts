// Test commands that reach into a view's frame: a view is drawn on another origin (two frames down: the sandbox page,
// then the view in its srcdoc frame), so the test page cannot read it, and an official view reports nothing to its
// host. Chromium can: through the test runner's browser (puppeteer-core, which sees out-of-process frames too).
//   frame-text  { selector }  → the text of the first element matching it in any frame of the page, '' when none does
//   frame-click { selector }  → a real click on it (the mouse, at its centre): true once clicked, false when none is there
// (never null: the test runner takes a plugin's null for a command it does not know)
import type { ChromeLauncher } from '@web/test-runner-chrome';
import type { TestRunnerPlugin } from '@web/test-runner';

export const FRAME_TEXT = 'frame-text';
export const FRAME_CLICK = 'frame-click';

export function frameCommandsPlugin(): TestRunnerPlugin {
  return {
    name: 'frame-commands',
    async executeCommand({ command, payload, session }) {
      if (command !== FRAME_TEXT && command !== FRAME_CLICK) return undefined;
      const { selector } = payload as { selector: string };
      const page = (session.browser as ChromeLauncher).getPage(session.id);
      for (const frame of page.frames()) {
        if (frame.detached) continue;
        const element = await frame.$(selector).catch(() => null);
        if (!element) continue;
        if (command === FRAME_TEXT) return (await element.evaluate((node) => node.textContent)) ?? '';
        await element.click();
        return true;
      }
      return command === FRAME_TEXT ? '' : false;
    },
  };
}
