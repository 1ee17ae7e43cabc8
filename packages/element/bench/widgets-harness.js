// Runs in the bench page: loads one widget (?w=agent-chat or ?w=deep-chat), mounts it and drives it through the
// same steps for both, and exposes them as window.bench for widgets-bench.ts. Plain JS: it is served as it is.
const widget = new URL(import.meta.url).searchParams.get('w');
const host = document.getElementById('host');

const frames = (count) =>
  new Promise((resolve) => {
    // setTimeout after the last frame's callbacks runs once that frame has been painted.
    const step = (left) => (left === 0 ? setTimeout(resolve, 0) : requestAnimationFrame(() => step(left - 1)));
    step(count);
  });

/** Whether `needle` is in the text of `element`, its shadow root or any shadow root below. */
function hasText(element, needle) {
  const roots = [element, ...(element.shadowRoot ? [element.shadowRoot] : [])];
  while (roots.length > 0) {
    const root = roots.pop();
    if (root.textContent?.includes(needle)) return true;
    for (const child of root.querySelectorAll('*')) if (child.shadowRoot) roots.push(child.shadowRoot);
  }
  return false;
}

/** Whether an element in one of `element`'s shadow trees has a box on screen (the widget has drawn something). */
function hasBox(element) {
  const roots = element.shadowRoot ? [element.shadowRoot] : [];
  while (roots.length > 0) {
    for (const child of roots.pop().querySelectorAll('*')) {
      if (child.shadowRoot) roots.push(child.shadowRoot);
      else if (child.getBoundingClientRect().width > 0) return true;
    }
  }
  return false;
}

/** The element with the most to scroll in `root`'s shadow trees (a widget's message list). */
function scrollerOf(root) {
  let best;
  const roots = root.shadowRoot ? [root.shadowRoot] : [];
  while (roots.length > 0) {
    for (const child of roots.pop().querySelectorAll('*')) {
      if (child.shadowRoot) roots.push(child.shadowRoot);
      const overflow = getComputedStyle(child).overflowY;
      if (overflow !== 'visible' && overflow !== 'hidden' && child.scrollHeight - child.clientHeight > (best ? best.scrollHeight - best.clientHeight : 0)) best = child;
    }
  }
  if (!best) throw new Error('bench: no scrolling list in the widget');
  return best;
}

/** Nodes (elements, text, comments) under `node`, shadow trees included. */
function countNodes(node) {
  let count = 1;
  if (node.shadowRoot) count += countNodes(node.shadowRoot);
  for (let child = node.firstChild; child; child = child.nextSibling) count += countNodes(child);
  return count;
}

/** Resolves at the first painted frame in which `ready()` holds; the time spent checking is left out. */
function paintedWhen(ready) {
  const start = performance.now();
  let checking = 0;
  return new Promise((resolve) => {
    const check = () => {
      const before = performance.now();
      const done = ready();
      checking += performance.now() - before;
      if (!done) return requestAnimationFrame(check);
      // `at`: this frame's time, before its paint; what was fetched for that paint had started by then.
      const at = performance.now();
      setTimeout(() => resolve({ ms: at - start - checking, checkMs: checking, at }), 0);
    };
    requestAnimationFrame(check);
  });
}

const widgets = {
  'agent-chat': {
    async load() {
      await import('/element/agent-chat.js');
      await customElements.whenDefined('agent-chat');
    },
    create({ session, mode, history }) {
      const element = document.createElement('agent-chat');
      element.setAttribute('endpoint', '/api/agent');
      element.setAttribute('session', session);
      if (mode) element.setAttribute('mode', mode);
      element.style.height = '100%';
      void history; // stored on the server as `session`; the element fetches it
      return element;
    },
    send: (element, text) => element.send(text),
    /**
     * The reply's run has ended, but a long text is drawn a slice a frame (the markdown's own frames): resolves once
     * every message has drawn all of its text. deep-chat draws each chunk as it comes, so it has no such wait.
     */
    async settled(element) {
      const bubbles = [];
      const roots = [element.shadowRoot];
      while (roots.length > 0) {
        for (const child of roots.pop().querySelectorAll('*')) {
          if (child.shadowRoot) roots.push(child.shadowRoot);
          if (child.localName === 'agent-chat-message') bubbles.push(child);
        }
      }
      await Promise.all(bubbles.map((bubble) => bubble.updateComplete));
    },
  },
  'deep-chat': {
    async load() {
      await import('/deep-chat/deepChat.bundle.js');
      await customElements.whenDefined('deep-chat');
    },
    create({ history }) {
      const element = document.createElement('deep-chat');
      element.connect = { url: '/deep-chat-api', stream: true };
      // In px: its host is a table cell (`display: table-cell`), where a percentage height is a minimum, so at 100 %
      // it grew to the height of its whole history and the page scrolled instead of its message list.
      element.style.height = '700px';
      element.style.width = '800px';
      if (history) element.history = history.map(({ role, text }) => ({ role: role === 'user' ? 'user' : 'ai', text }));
      element.onMessage = ({ message, isHistory }) => {
        if (!isHistory && message.role === 'ai') element.benchReplied?.();
      };
      return element;
    },
    send(element, text) {
      const replied = new Promise((resolve) => (element.benchReplied = resolve));
      element.submitUserMessage({ text });
      return replied;
    },
    settled: async () => {},
  },
};

const impl = widgets[widget];
let element;
/** Frame times while counting dropped frames (see startFrames). */
let frameTimes;
let longest = 0;
const observer = new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
});

window.bench = {
  ready: impl.load(),
  /** Mounts the widget; resolves at the first painted frame showing `marker` (or any of its shadow DOM). */
  async mount(options) {
    await window.bench.ready;
    element = impl.create(options);
    const shown = options.marker
      ? () => hasText(element, options.marker)
      : () => hasBox(element);
    const painted = paintedWhen(shown);
    host.append(element);
    const result = await painted;
    await frames(2);
    return result;
  },
  /** Resolves once the page has been idle: what a person reading the empty panel before typing gives it. */
  idle: () => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))),
  /** Sends `text` and resolves two painted frames after the reply has finished and been drawn whole. */
  async send(text) {
    await impl.send(element, text);
    await impl.settled(element);
    await frames(2);
  },
  nodes: () => countNodes(element),
  /**
   * Scrolls the widget's message list to its end, then up by `px` each frame for `count` frames; resolves two frames
   * after the last. The list is the element, in any of the widget's shadow trees, with the most to scroll.
   */
  async scrollUp({ px, count }) {
    const scroller = scrollerOf(element);
    scroller.scrollTop = scroller.scrollHeight;
    await frames(3);
    window.bench.startFrames();
    window.bench.startLongTasks();
    await new Promise((resolve) => {
      let left = count;
      const step = () => {
        scroller.scrollTop -= px;
        if (--left === 0) resolve();
        else requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
    await frames(2);
    const longest = window.bench.stopLongTasks();
    return { ...window.bench.stopFrames(), longest, moved: scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop };
  },
  /** Counts what the XSS corpus's vectors run (each does `window.__xss++`), dialogs included. */
  armXss() {
    window.__xss = 0;
    for (const name of ['alert', 'confirm', 'prompt', 'print']) window[name] = () => void window.__xss++;
  },
  /** Clicks every javascript: link the widget drew, then says how many vectors ran. */
  async xssRan() {
    const roots = [element];
    while (roots.length > 0) {
      const root = roots.pop();
      for (const child of root.querySelectorAll('*')) {
        if (child.shadowRoot) roots.push(child.shadowRoot);
        if (child.localName === 'a' && /^\s*javascript:/i.test(child.getAttribute('href') ?? '')) child.click();
      }
      if (root.shadowRoot) roots.push(root.shadowRoot);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    return window.__xss;
  },
  /** Paths of the files fetched (requests started) before `at`, a time from mount's result. */
  fetchedBefore: (at) =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= at)
      .map((entry) => new URL(entry.name).pathname),
  /** Starts noting the time of every frame the page produces, to count the frames it missed (stopFrames). */
  startFrames() {
    frameTimes = [];
    const note = (time) => {
      if (!frameTimes) return;
      frameTimes.push(time);
      requestAnimationFrame(note);
    };
    requestAnimationFrame(note);
  },
  /**
   * Frames missed since startFrames: a gap between two frames of more than one display interval (the median
   * gap, 16.7 ms at 60 Hz) missed the frames in between.
   */
  stopFrames() {
    const times = frameTimes ?? [];
    frameTimes = undefined;
    const gaps = times.slice(1).map((time, index) => time - times[index]);
    const interval = [...gaps].sort((a, b) => a - b)[Math.floor(gaps.length / 2)] ?? 16.7;
    return { dropped: gaps.reduce((sum, gap) => sum + Math.max(0, Math.round(gap / interval) - 1), 0), frames: times.length, interval };
  },
  startLongTasks() {
    longest = 0;
    observer.observe({ type: 'longtask' });
  },
  stopLongTasks() {
    for (const entry of observer.takeRecords()) longest = Math.max(longest, entry.duration);
    observer.disconnect();
    return longest;
  },
};
