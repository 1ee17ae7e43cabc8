import { scriptTagExample } from '../script-tag/example.js';
import { personaExample } from '../persona/example.js';
import { discoveryExample } from '../discovery/example.js';
import { studyExample } from '../study/example.js';
import { slidesExample } from '../slides/example.js';
import { toolViewsExample } from '../tool-views/example.js';
import { mcpAppsExample } from '../mcp-apps/example.js';
import { a2uiExample } from '../a2ui/example.js';
import { reactExample, vueExample } from '../frameworks/example.js';
import type { ExampleDefinition } from './example.js';

/** Every example the demo server serves, in the order the index lists them. */
export const examples: readonly ExampleDefinition[] = [scriptTagExample, personaExample, discoveryExample, studyExample, slidesExample, toolViewsExample, mcpAppsExample, a2uiExample, reactExample, vueExample];
