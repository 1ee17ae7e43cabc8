import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { a2uiActionSchema, a2uiSurfaceId, parseA2uiMessage } from '@agent-chat/protocol';

// The spec's own example messages, as @a2ui/web_core ships them: read as data, never copied here.
const v09 = dirname(createRequire(import.meta.url).resolve('@a2ui/web_core/v0_9'));
const examplesDir = join(v09, 'schemas/catalogs/basic/examples');
const examples = readdirSync(examplesDir)
  .filter((name) => name.endsWith('.json'))
  .map((name) => ({ name, messages: (JSON.parse(readFileSync(join(examplesDir, name), 'utf8')) as { messages: unknown[] }).messages }));

function issuePaths(value: unknown): string[] {
  const result = parseA2uiMessage(value);
  expect(result.success).toBe(false);
  return result.success ? [] : result.error.issues.map((issue) => issue.path.join('.'));
}

describe('A2UI v0.9 messages', () => {
  it('accepts every basic-catalog example message shipped in @a2ui/web_core', () => {
    expect(examples.length).toBeGreaterThan(30);
    for (const { name, messages } of examples) {
      expect(messages.length, name).toBeGreaterThan(0);
      for (const message of messages) {
        const result = parseA2uiMessage(message);
        expect(result.success ? 'ok' : `${name}: ${result.error.message}`).toBe('ok');
        if (result.success) expect(a2uiSurfaceId(result.data)).toBeTypeOf('string');
      }
    }
  });

  it('names the field of a message that is wrong', () => {
    expect(issuePaths({ version: 'v0.9', createSurface: { surfaceId: 's' } })).toContain('createSurface.catalogId');
    expect(issuePaths({ version: 'v0.9', updateComponents: { surfaceId: 's', components: [{ id: 'root' }] } })).toContain(
      'updateComponents.components.0.component',
    );
    expect(issuePaths({ version: 'v0.9', deleteSurface: { surfaceId: 's', extra: 1 } })).toEqual(['deleteSurface']);
    expect(issuePaths({ version: 'v0.8', deleteSurface: { surfaceId: 's' } })).toContain('version');
    expect(parseA2uiMessage({ version: 'v0.9' }).success).toBe(false);
    expect(parseA2uiMessage({ version: 'v0.9', deleteSurface: { surfaceId: 's' }, createSurface: {} }).success).toBe(false);
  });

  it('reads a user action with its context, and a surface data model where asked', () => {
    const action = a2uiActionSchema.parse({ surfaceId: 'booking', name: 'book', dataModel: { guest: 'Ada' } });
    expect(action).toEqual({ surfaceId: 'booking', name: 'book', context: {}, dataModel: { guest: 'Ada' } });
    expect(a2uiActionSchema.safeParse({ surfaceId: 'booking' }).success).toBe(false);
  });
});
