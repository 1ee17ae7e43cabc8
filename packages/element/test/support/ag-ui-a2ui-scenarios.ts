// The agent server scenario for A2UI over AG-UI (issue 37.3, the element's half): `/api/ag-ui-a2ui` (its POST /ag-ui)
// draws a booking surface with ctx.ui when asked, changes it when asked again, and answers a user's act on it by
// naming the act. See ag-ui-a2ui-texts.ts. Beside it, an agent behind @ag-ui/a2ui-middleware (ag-ui-a2ui-agent.ts).
import type { Hono } from 'hono';
import { z } from 'zod';
import type { A2uiMessage } from '@agent-chat/protocol';
import { createAgentChat, defineTool, scriptedModel } from '@agent-chat/server';
import { A2UI_BOOKED, A2UI_FORM, A2UI_SAY, a2uiActReply } from './ag-ui-a2ui-texts.js';
import { mountAgUiA2uiAgent } from './ag-ui-a2ui-agent.js';
import { testAccess } from './test-access.js';

const surfaceTool = (name: string, messages: A2uiMessage[]) =>
  defineTool({
    name,
    description: `Changes the booking surface (${name})`,
    input: z.object({}),
    execute: (_input, ctx) => {
      ctx.ui(messages);
      return 'done';
    },
  });

export function mountAgUiA2uiScenarios(app: Hono): void {
  // An agent that is not ours, behind @ag-ui/a2ui-middleware.
  mountAgUiA2uiAgent(app);
  app.route(
    '/api/ag-ui-a2ui',
    createAgentChat({
      ...testAccess,
      model: scriptedModel(({ text, action }) => {
        if (action) return [[{ text: a2uiActReply(action.name, action.context) }]];
        if (text === A2UI_SAY.draw) return [[{ tool: 'draw_form' }], [{ text: 'Here it is.' }]];
        if (text === A2UI_SAY.booked) return [[{ tool: 'mark_booked' }], [{ text: 'Booked.' }]];
        return [[{ text: 'Ask for the booking form.' }]];
      }),
      tools: [surfaceTool('draw_form', A2UI_FORM), surfaceTool('mark_booked', [A2UI_BOOKED])],
    }),
  );
}
