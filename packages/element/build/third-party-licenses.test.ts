import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledPackages, licenseBanner, licenseFile } from './third-party-licenses.mjs';

describe('third-party notices', () => {
  it('names each bundled package once, with its version and license, and carries the full texts', async () => {
    const metafile = {
      inputs: {
        '../../node_modules/lit-html/lit-html.js': {},
        '../../node_modules/lit-html/directives/repeat.js': {},
        '../../node_modules/@lit/context/index.js': {},
        'src/define.ts': {},
      },
    };
    const packages = await bundledPackages(metafile, join(dirname(fileURLToPath(import.meta.url)), '..'));
    expect(packages.map((p) => p.name)).toEqual(['@lit/context', 'lit-html']);
    const banner = licenseBanner(packages);
    expect(banner).toBe('/*! <agent-chat> bundles @lit/context, lit-html (BSD-3-Clause). THIRD-PARTY-LICENSES.txt */\n');
    expect(licenseFile(packages)).toMatch(/^@lit\/context@\d+\.\d+\.\d+ — BSD-3-Clause/);
    expect(licenseFile(packages)).toContain('Redistribution and use in source and binary forms');
  });
});
