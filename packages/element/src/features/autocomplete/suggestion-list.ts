import { css, html, nothing, type TemplateResult } from 'lit';
import type { Suggestion, SuggestionGroup } from '../../context/suggestions.js';
import { itemLabel } from '../../core/mention-tokens.js';

export const LISTBOX_ID = 'suggestions';
export const optionId = (index: number) => `suggestion-${index}`;

/**
 * The listbox of the composer's combobox. A template rather than an element of its own: the textarea's
 * aria-activedescendant can only point at ids in the same shadow root.
 */
export function suggestionList(
  groups: readonly SuggestionGroup[],
  active: number,
  empty: string | undefined,
  pick: (suggestion: Suggestion) => void,
  label: string,
): TemplateResult {
  let index = 0;
  return html`<div class="suggestions" part="suggestions" id=${LISTBOX_ID} role="listbox" aria-label=${label}>
    ${empty ? html`<div class="empty" role="presentation">${empty}</div>` : nothing}
    ${groups.map(
      (group, g) => html`<div role="group" aria-labelledby=${group.label ? `suggestion-group-${g}` : nothing}>
        ${group.label ? html`<div class="group" id=${`suggestion-group-${g}`} role="presentation">${group.label}</div>` : nothing}
        ${group.options.map((option) => {
          const i = index++;
          return html`<div
            class="option"
            part="suggestion"
            role="option"
            id=${optionId(i)}
            aria-selected=${i === active ? 'true' : 'false'}
            @pointerdown=${(event: PointerEvent) => {
              // Keep the focus in the textarea: the pick edits it.
              event.preventDefault();
              pick(option);
            }}
          >
            ${optionContent(option)}
          </div>`;
        })}
      </div>`,
    )}
  </div>`;
}

function optionContent(option: Suggestion): TemplateResult {
  if (option.kind === 'command') {
    const args = option.command.args.map((arg) => (arg.required ? `<${arg.name}>` : `[${arg.name}]`)).join(' ');
    return html`<span class="name">/${option.command.name}</span>${args ? html` <span class="args">${args}</span>` : nothing}
      <span class="description">${option.command.description}</span>`;
  }
  const label = itemLabel(option.item);
  const text = option.item.text ?? '';
  return html`<span class="name">${label}</span>${label !== option.item.id ? html` <span class="args">${option.item.id}</span>` : nothing}
    ${text ? html`<span class="description">${text.length > 60 ? `${text.slice(0, 60)}…` : text}</span>` : nothing}`;
}

export const suggestionStyles = css`
  .suggestions {
    position: absolute;
    left: 0;
    right: 0;
    bottom: 100%;
    margin-bottom: 6px;
    max-height: 240px;
    overflow-y: auto;
    padding: 4px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_bg);
    box-shadow: 0 6px 24px rgb(0 0 0 / 0.12);
    z-index: 1;
  }
  .group {
    padding: 6px 8px 2px;
    color: var(--_muted);
    font-size: 0.8em;
    font-weight: 600;
    text-transform: uppercase;
    letter-spacing: 0.04em;
  }
  .option {
    display: flex;
    flex-wrap: wrap;
    align-items: baseline;
    gap: 0 6px;
    padding: 6px 8px;
    border-radius: 6px;
    cursor: pointer;
  }
  .option[aria-selected='true'] {
    background: var(--_surface);
    outline: 1px solid var(--_accent);
  }
  .name {
    font-weight: 600;
  }
  .args {
    color: var(--_muted);
    font-family: var(--_mono);
    font-size: 0.85em;
  }
  .description {
    flex-basis: 100%;
    color: var(--_muted);
    font-size: 0.88em;
  }
  .empty {
    padding: 6px 8px;
    color: var(--_muted);
  }
`;
