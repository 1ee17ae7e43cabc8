export const PROTOCOL_VERSION = 1;

export * from './json.js';
export * from './items.js';
export * from './views.js';
export * from './a2ui.js';
export * from './turns.js';
export * from './tools.js';
export * from './preview.js';
export * from './pending.js';
export * from './input-requests.js';
export * from './usage.js';
export * from './events.js';
export * from './requests.js';
export * from './responses.js';
export * from './message-actions.js';
export * from './validation.js';
export * from './uploads.js';
