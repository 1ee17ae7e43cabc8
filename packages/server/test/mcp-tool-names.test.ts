import { describe, expect, it } from 'vitest';
import { nameClash } from '../src/mcp/to-tool.js';

describe('MCP tool names', () => {
  it('two tools that would share the agent name are named, with the way out', () => {
    expect(nameClash('', ['files.read', 'files_read'])).toMatch(/"files\.read" and "files_read" would both be the agent's tool "files_read"/);
    expect(nameClash('', ['x'.repeat(70), `${'x'.repeat(64)}y`])).toContain('allow');
    expect(nameClash('fs_', ['read', 'write'])).toBeUndefined();
  });
});
