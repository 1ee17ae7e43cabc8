/** What the input request scenarios' tools and model say (issue 35.2), shared by the server (Node) and the tests (browser). */

export const INPUTS = {
  /** Messages the scenario's model answers with one call each. */
  form: 'Book a table',
  link: 'Connect my account',
  sampling: 'Summarize with your model',
  concierge: 'Ask the concierge',
  conciergeLabel: 'Asking the concierge',
  server: 'Bistro',
  formMessage: 'Who is the table for?',
  linkMessage: 'Sign in to Example to connect your account.',
  samplingMessage: 'Bistro wants the app’s model to write a summary.',
  samplingSystem: 'You write short summaries.',
  samplingText: 'Summarize the menu of the day.',
  samplingMaxTokens: 200,
  nameTitle: 'Your name',
  nameHint: 'As on the booking',
  /** The scripted reply after the tool: what the tool got, as JSON. */
  reply: (output: unknown) => `The tool got ${typeof output === 'string' ? output : JSON.stringify(output)}`,
} as const;

/** The form the booking tool asks for: every field type MCP elicitation allows. */
export const BOOKING_SCHEMA = {
  type: 'object' as const,
  properties: {
    name: { type: 'string', title: INPUTS.nameTitle, description: INPUTS.nameHint, minLength: 2 },
    guests: { type: 'integer', title: 'Guests', minimum: 1, maximum: 12, default: 2 },
    date: { type: 'string', format: 'date', title: 'Date' },
    email: { type: 'string', format: 'email', title: 'Email' },
    seating: {
      type: 'string',
      title: 'Seating',
      oneOf: [
        { const: 'in', title: 'Inside' },
        { const: 'out', title: 'Terrace' },
      ],
    },
    extras: {
      type: 'array',
      title: 'Extras',
      items: { anyOf: [{ const: 'cake', title: 'Birthday cake' }, { const: 'flowers', title: 'Flowers' }] },
    },
    newsletter: { type: 'boolean', title: 'Send me the newsletter', default: true },
  },
  required: ['name', 'guests'],
};
