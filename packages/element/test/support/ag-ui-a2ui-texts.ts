// What the `ag-ui-a2ui` scenario (ag-ui-a2ui-scenarios.ts) draws and says, shared with its test in the browser.
import type { A2uiMessage } from '@agent-chat/protocol';

const v = 'v0.9' as const;
const catalogId = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** The booking form, as `draw_form` draws it (the user says DRAW). */
export const A2UI_FORM: A2uiMessage[] = [
  { version: v, createSurface: { surfaceId: 'booking', catalogId } },
  {
    version: v,
    updateComponents: {
      surfaceId: 'booking',
      components: [
        { id: 'root', component: 'Column', children: ['status', 'book'] },
        { id: 'status', component: 'Text', text: { path: '/status' } },
        { id: 'book', component: 'Button', child: 'label', action: { event: { name: 'book', context: { guest: 'Ada' } } } },
        { id: 'label', component: 'Text', text: 'Book' },
      ],
    },
  },
  { version: v, updateDataModel: { surfaceId: 'booking', value: { status: 'Free' } } },
];

/** The same surface marked booked, as `mark_booked` changes it (the user says BOOKED). */
export const A2UI_BOOKED: A2uiMessage = { version: v, updateDataModel: { surfaceId: 'booking', path: '/status', value: 'Booked' } };

export const A2UI_SAY = { draw: 'Show me the booking form', booked: 'Mark it booked' } as const;

/** The model's reply to an act: names it, so a test sees the server got it (through forwardedProps). */
export const a2uiActReply = (name: string, context: unknown) => `You pressed ${name} with ${JSON.stringify(context)}.`;

/** Where the agent behind @ag-ui/a2ui-middleware (ag-ui-a2ui-agent.ts) listens on the test server. */
export const A2UI_MIDDLEWARE_PATH = '/api/ag-ui-a2ui-middleware';

/** What that agent's `render_a2ui` call is given: the middleware's tool arguments (surfaceId, components, data). */
export const A2UI_MIDDLEWARE_ARGS = {
  surfaceId: 'trip',
  components: [
    { id: 'root', component: 'Column', children: ['where', 'go'] },
    { id: 'where', component: 'Text', text: { path: '/city' } },
    { id: 'go', component: 'Button', child: 'go-label', action: { event: { name: 'go', context: { city: { path: '/city' } } } } },
    { id: 'go-label', component: 'Text', text: 'Go' },
  ],
  data: { city: 'Lisbon' },
};
