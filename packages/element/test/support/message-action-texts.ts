// Texts of the message actions' scenario, shared by the server side (message-action-scenarios.ts) and the tests.
export const ACTIONS = {
  /** A message that starts so asks the model for a write (set_title) with the rest as the title. */
  changePrefix: 'change the title to ',
  reply: (count: number, to: string) => `Reply ${count} to: ${to}`,
  /** A message that starts so is answered with the API's 500 on its first try, and normally after. */
  failOncePrefix: 'fail once ',
};
