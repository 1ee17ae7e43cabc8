/**
 * The `::part` names each sub-component exposes, so every level can forward (`exportparts`) what is inside it and
 * `agent-chat::part(tool-chip)` works from the host page however deep the chip sits. Documented in docs/theming.md.
 */
export const BUBBLE_PARTS = 'bubble, user, assistant';
export const THINKING_PARTS = 'thinking, thinking-summary';
export const NOTICE_PARTS = 'status, error, retry-button';
export const FORM_PARTS = 'form, form-field, form-error';
export const DIFF_PARTS = 'diff, diff-added, diff-removed';
export const CARD_PARTS = `card, card-status, card-error, card-confirm, card-edit, card-cancel, card-discard, ${DIFF_PARTS}, ${FORM_PARTS}`;
export const ANSWER_PARTS = 'answer-card, answer-summary, answer-links, answer-link, answer-suggestions, answer-suggestion';
export const UNDO_PARTS = 'undo-bar, undo-button, undo-error';

/** A sub-agent's chip and its steps (features/subagent-tree/subagent-node.ts), drawn in its tool chip's place. */
export const SUBAGENT_PARTS = 'subagent, subagent-summary, subagent-stop-button, subagent-usage, subagent-steps';

/** What a running call asks the user (features/input-requests/input-request-card.ts), under its chip. */
export const INPUT_REQUEST_PARTS =
  'input-request, input-request-server, input-request-message, input-request-site, input-request-sampling, input-request-submit, input-request-open, input-request-approve, input-request-decline, input-request-error, input-request-outcome, input-request-answers';

/** A call drawn as its MCP server's view (features/mcp-apps/mcp-app-view.ts documents each), under its chip. */
export const MCP_APP_PARTS = 'mcp-app, mcp-app-frame, mcp-app-exit';

/**
 * A tool chip: itself, or a sub-agent's tree in its place, whose steps are drawn as a turn (without Undo), so
 * every part of those too, however deep the sub-agents nest.
 */
export const TOOL_CHIP_PARTS = ['turn, tool-chip, tool-output, tool-display', SUBAGENT_PARTS, INPUT_REQUEST_PARTS, MCP_APP_PARTS, BUBBLE_PARTS, THINKING_PARTS, NOTICE_PARTS, CARD_PARTS, ANSWER_PARTS].join(', ');

/** Everything one agent turn shows. */
export const TURN_PARTS = `${TOOL_CHIP_PARTS}, ${UNDO_PARTS}`;

/** The composer's pieces: its input and buttons, the autocomplete list. */
export const COMPOSER_PARTS = 'input, send-button, stop-button, drop-hint, suggestions, suggestion';

/** The actions on a message and its reply (features/message-actions/message-actions.ts documents each). */
export const MESSAGE_ACTION_PARTS =
  'message-actions, reply-actions, copy-button, edit-button, retry-reply-button, thumbs-up-button, thumbs-down-button, versions, previous-version-button, next-version-button, edit-form, feedback-form, undo-question, reply-usage, action-note';

/**
 * Everything the message list shows: the turns, the user's messages and their chips, the actions on them, the typing
 * dots, the queue.
 */
export const LIST_PARTS = `${TURN_PARTS}, ${MESSAGE_ACTION_PARTS}, empty, typing, queued, jump-button`;
