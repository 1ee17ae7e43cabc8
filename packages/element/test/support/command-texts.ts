// What the `/api/staged-commands` scenario answers (command-scenarios.ts): shared with the browser tests, which
// must not import the server.
export const STAGED = {
  next: 'Moved to the next stage.',
  publish: 'Published.',
  stage: (n: string) => `Moved to stage ${n}.`,
};
