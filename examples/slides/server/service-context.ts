/** What a stage service may use besides the carousel: the same whether the agent, a command or a page button called it. */
export interface ServiceContext {
  /** Progress ("Rewriting slide 2 of 6…"): shown on the agent's running step when the agent called the service. */
  status(text: string): void;
  /** Persist what the service has changed so far; when the agent called the service, the page is sent the result. */
  save(): Promise<void>;
  /** Aborted when the user stops the agent: a long service ends early, keeping what it has done. */
  signal: AbortSignal;
  /** How long each slide of a deliberately slow step takes (the demo's stand-in for model latency). */
  slowStepMs: number;
}

export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
