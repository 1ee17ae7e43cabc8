// The globals that @web/test-runner's mocha puts on the test page. Declared here, the few we use, rather than
// adding @types/mocha: the root tsconfig limits global types to Node's.
type MochaBody = () => void | Promise<void>;

declare global {
  function describe(title: string, body: () => void): void;
  function it(title: string, body: MochaBody): void;
  function before(body: MochaBody): void;
  function after(body: MochaBody): void;
  function beforeEach(body: MochaBody): void;
  function afterEach(body: MochaBody): void;
}

export {};
