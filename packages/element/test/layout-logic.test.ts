import { expect } from '@open-wc/testing';
import { clampRect } from '../src/ui/layout/clamp.js';
import { applyDockedSpace, clearDockedSpace, DOCKED_WIDTH_PROPERTY, resizeDockedWidth } from '../src/ui/layout/docked-width.js';
import { nextEphemeralState, restartsTimer, type EphemeralEvent, type EphemeralState } from '../src/ui/layout/ephemeral-state.js';
import { frameStorageKey, readFrameMemory, writeFrameMemory } from '../src/ui/layout/persisted-frame.js';
import { resizeRect, resizeRectWithin } from '../src/ui/layout/resize.js';
import { lockBodyScroll } from '../src/ui/layout/scroll-lock.js';

const viewport = { width: 1000, height: 800 };
const min = { width: 200, height: 150 };

describe('clampRect', () => {
  it('leaves a rect inside the viewport alone', () => {
    expect(clampRect({ x: 100, y: 100, width: 300, height: 200 }, viewport, min)).to.deep.equal({ x: 100, y: 100, width: 300, height: 200 });
  });

  it('moves a rect back inside, keeping the margin, on every side', () => {
    expect(clampRect({ x: -50, y: -20, width: 300, height: 200 }, viewport, min)).to.deep.include({ x: 8, y: 8 });
    expect(clampRect({ x: 900, y: 700, width: 300, height: 200 }, viewport, min)).to.deep.include({ x: 692, y: 592 });
  });

  it('shrinks a rect larger than the viewport, and never below the minimum unless the viewport is smaller', () => {
    expect(clampRect({ x: 0, y: 0, width: 2000, height: 2000 }, viewport, min)).to.deep.equal({ x: 8, y: 8, width: 984, height: 784 });
    expect(clampRect({ x: 0, y: 0, width: 50, height: 50 }, viewport, min)).to.deep.include({ width: 200, height: 150 });
    expect(clampRect({ x: 0, y: 0, width: 300, height: 300 }, { width: 150, height: 100 }, min)).to.deep.equal({
      x: 8,
      y: 8,
      width: 134,
      height: 84,
    });
  });
});

describe('resizeRect', () => {
  const start = { x: 100, y: 100, width: 300, height: 200 };

  it('moves the dragged edges and keeps the opposite ones', () => {
    expect(resizeRect(start, 'se', 50, 30, min)).to.deep.equal({ x: 100, y: 100, width: 350, height: 230 });
    expect(resizeRect(start, 'nw', 50, 30, min)).to.deep.equal({ x: 150, y: 130, width: 250, height: 170 });
    expect(resizeRect(start, 'e', 50, 30, min)).to.deep.equal({ x: 100, y: 100, width: 350, height: 200 });
    expect(resizeRect(start, 'n', 50, -30, min)).to.deep.equal({ x: 100, y: 70, width: 300, height: 230 });
  });

  it('stops at the minimum size without moving the opposite edge', () => {
    expect(resizeRect(start, 'w', 250, 0, min)).to.deep.equal({ x: 200, y: 100, width: 200, height: 200 });
    expect(resizeRect(start, 's', 0, -500, min)).to.deep.equal({ x: 100, y: 100, width: 300, height: 150 });
  });

  it('stops each moving edge at the viewport margin', () => {
    expect(resizeRectWithin(start, 'nw', -500, -500, min, viewport)).to.deep.equal({ x: 8, y: 8, width: 392, height: 292 });
    expect(resizeRectWithin(start, 'se', 5000, 5000, min, viewport)).to.deep.equal({ x: 100, y: 100, width: 892, height: 692 });
  });

  it('resizes a docked panel from its inner edge, within bounds', () => {
    expect(resizeDockedWidth(380, 'right', -40, 280, 800)).to.equal(420);
    expect(resizeDockedWidth(380, 'left', -40, 280, 800)).to.equal(340);
    expect(resizeDockedWidth(380, 'right', 500, 280, 800)).to.equal(280);
    expect(resizeDockedWidth(380, 'right', -900, 280, 800)).to.equal(800);
  });
});

describe('ephemeral output panel states (seed 002, as written)', () => {
  const run = (events: EphemeralEvent[], from: EphemeralState = 'HIDDEN') =>
    events.reduce<EphemeralState>((state, event) => nextEphemeralState(state, event), from);

  it('has exactly the seed transitions', () => {
    expect(nextEphemeralState('HIDDEN', 'send')).to.equal('VISIBLE');
    expect(nextEphemeralState('VISIBLE', 'activity')).to.equal('VISIBLE');
    expect(nextEphemeralState('VISIBLE', 'timeout')).to.equal('HIDDEN');
    expect(nextEphemeralState('VISIBLE', 'press-panel')).to.equal('PINNED');
    expect(nextEphemeralState('PINNED', 'dismiss')).to.equal('HIDDEN');
    expect(nextEphemeralState('HIDDEN', 'show-output')).to.equal('PINNED');
  });

  it('ignores every other event', () => {
    const all: EphemeralEvent[] = ['send', 'activity', 'timeout', 'press-panel', 'dismiss', 'show-output'];
    const allowed = new Set(['HIDDEN:send', 'HIDDEN:show-output', 'VISIBLE:timeout', 'VISIBLE:press-panel', 'PINNED:dismiss']);
    for (const state of ['HIDDEN', 'VISIBLE', 'PINNED'] as const) {
      for (const event of all) {
        if (!allowed.has(`${state}:${event}`)) expect(nextEphemeralState(state, event), `${state} + ${event}`).to.equal(state);
      }
    }
  });

  it('a pinned panel outlives timeouts and new output; only a dismissal hides it', () => {
    expect(run(['send', 'press-panel', 'timeout', 'activity', 'send'])).to.equal('PINNED');
    expect(run(['send', 'press-panel', 'dismiss'])).to.equal('HIDDEN');
  });

  it('restarts the inactivity timer on activity while visible only', () => {
    expect(restartsTimer('VISIBLE', 'activity')).to.equal(true);
    expect(restartsTimer('VISIBLE', 'send')).to.equal(true);
    expect(restartsTimer('PINNED', 'activity')).to.equal(false);
    expect(restartsTimer('HIDDEN', 'activity')).to.equal(false);
  });
});

describe('persisted frame', () => {
  const key = frameStorageKey('unit-test', '/api/x');
  afterEach(() => localStorage.removeItem(key));

  it('derives the key from storage-key, else the endpoint', () => {
    expect(frameStorageKey('mine', '/api/x')).to.equal('agent-chat:frame:mine');
    expect(frameStorageKey(undefined, '/api/x')).to.equal('agent-chat:frame:/api/x');
    expect(frameStorageKey('', '/api/y')).not.to.equal(frameStorageKey('', '/api/x'));
  });

  it('merges each layout’s part and reads it back', () => {
    writeFrameMemory(key, 'floating', { rect: { x: 1, y: 2, width: 300, height: 400 } });
    writeFrameMemory(key, 'floating', { open: true });
    writeFrameMemory(key, 'docked', { width: 420 });
    expect(readFrameMemory(key)).to.deep.equal({
      floating: { open: true, rect: { x: 1, y: 2, width: 300, height: 400 } },
      docked: { width: 420 },
    });
  });

  it('ignores what is not well formed', () => {
    localStorage.setItem(key, '{"floating":{"open":"yes","rect":{"x":"a"}},"docked":{"width":null}}');
    expect(readFrameMemory(key)).to.deep.equal({ floating: {}, docked: {} });
    localStorage.setItem(key, 'not json');
    expect(readFrameMemory(key)).to.deep.equal({});
  });
});

describe('docked space and scroll lock', () => {
  afterEach(() => clearDockedSpace());

  it('sets the custom property, pads the body on its side, and gives both back', () => {
    document.body.style.paddingRight = '3px';
    applyDockedSpace({ side: 'right', width: 380, padBody: true });
    expect(document.documentElement.style.getPropertyValue(DOCKED_WIDTH_PROPERTY)).to.equal('380px');
    expect(document.body.style.paddingRight).to.equal('380px');
    applyDockedSpace({ side: 'left', width: 48, padBody: true });
    expect(document.body.style.paddingRight).to.equal('3px');
    expect(document.body.style.paddingLeft).to.equal('48px');
    clearDockedSpace();
    expect(document.documentElement.style.getPropertyValue(DOCKED_WIDTH_PROPERTY)).to.equal('');
    expect(document.body.style.paddingLeft).to.equal('');
    expect(document.body.style.paddingRight).to.equal('3px');
    document.body.style.paddingRight = '';
  });

  it('locks scrolling until the last lock is released', () => {
    const first = lockBodyScroll();
    const second = lockBodyScroll();
    expect(document.documentElement.style.overflow).to.equal('hidden');
    first();
    first();
    expect(document.body.style.overflow).to.equal('hidden');
    second();
    expect(document.documentElement.style.overflow).to.equal('');
    expect(document.body.style.overflow).to.equal('');
  });
});
