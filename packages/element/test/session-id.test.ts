import { expect } from '@open-wc/testing';
import { newSessionId, rememberedSessionId } from '../src/conversation/session-id.js';

describe('session ids the element makes', () => {
  it('are unguessable: a version-4 UUID (122 random bits), different every time', () => {
    const ids = new Set(Array.from({ length: 1_000 }, () => newSessionId()));
    expect(ids.size).to.equal(1_000);
    for (const id of ids) expect(id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('are remembered per endpoint, so a reload continues the same conversation', () => {
    const endpoint = `/api/session-id-test-${Math.random()}`;
    const first = rememberedSessionId(endpoint);
    expect(rememberedSessionId(endpoint)).to.equal(first);
    expect(rememberedSessionId(`${endpoint}-other`)).not.to.equal(first);
  });
});
