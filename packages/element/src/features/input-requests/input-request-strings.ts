/**
 * The input request cards' English texts: what a running tool call asks the user (a form, a link to open, a sampling
 * approval), its buttons and its outcome. Kept apart from the full table (strings.ts) so that they travel in the
 * input requests' chunk. A host overrides them and a locale translates them like any other key (`el.strings`,
 * `registerLocale`, fr.ts). The form's own messages (a required field, a length) are the cards' (card-strings.ts).
 */
export const inputRequestsEn = {
  /** The card's accessible name: who asks. */
  inputFrom: 'Asked by {server}',
  inputSubmit: 'Submit',
  inputDecline: 'Decline',
  inputOpen: 'Open',
  inputOpenLabel: 'Open {origin} in a new tab',
  inputApprove: 'Approve',
  inputSending: 'Sending…',
  inputError: 'Your answer could not be sent: {message}',
  inputAnsweredElsewhere: 'This was answered already.',
  /** A link to open: where it goes, shown plainly. */
  inputSite: 'Opens {origin}',
  inputOpened: 'Opened: waiting for {origin}. The agent goes on once you finish there.',
  inputUnsafeUrl: 'This link cannot be opened here: {url}',
  samplingSystem: 'Instructions',
  samplingMessages: 'Messages',
  samplingUser: 'User',
  samplingAssistant: 'Assistant',
  samplingMaxTokens: 'At most {count} tokens',
  inputExpires: 'Waits until {time}',
  // Its outcome, read-only once answered
  inputSent: 'Sent',
  inputOpenedDone: 'Opened',
  inputApproved: 'Approved',
  inputDeclined: 'Declined',
  inputCancelled: 'Cancelled',
  inputCancelledStopped: 'Cancelled: the run was stopped',
  inputCancelledEnded: 'Cancelled: the run ended',
  inputWithdrawn: 'Withdrawn: it no longer needs an answer',
  inputTimedOut: 'Timed out',
  inputAnswers: 'Your answers',
  inputYes: 'Yes',
  inputNo: 'No',
};

export type InputRequestStrings = Record<keyof typeof inputRequestsEn, string>;
