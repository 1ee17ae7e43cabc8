// What the a2ui chunk runs of @a2ui: the v0.9 processor and the Lit basic catalog, whose import defines
// <a2ui-surface>. One module, so that build.mjs bundles the two packages (and the zod 3 they share) on their own,
// into the a2ui chunk only; the rest of this folder takes values from here and only types from @a2ui.
export { MessageProcessor } from '@a2ui/web_core/v0_9';
export { basicCatalog } from '@a2ui/lit/v0_9';
