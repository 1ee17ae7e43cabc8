import { css } from 'lit';

/** A chip of a file: a thumbnail or a file mark, the name and size, in the theme's colours. */
export const fileChipStyles = css`
  ul {
    display: flex;
    flex-wrap: wrap;
    gap: 6px;
    margin: 0;
    padding: 0;
    list-style: none;
    white-space: normal;
  }
  li {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    max-width: 100%;
    padding: 4px 6px;
    border: 1px solid var(--_border);
    border-radius: var(--_radius-small);
    background: var(--_card-bg);
    color: var(--_fg);
    font-size: 0.85em;
  }
  li[data-error] {
    border-color: var(--_danger);
    background: var(--_danger-bg);
  }
  img,
  .mark {
    flex: none;
    width: 40px;
    height: 40px;
    border-radius: 4px;
    object-fit: cover;
  }
  .mark {
    display: grid;
    place-items: center;
    background: var(--_surface);
    color: var(--_muted);
    font-size: 0.7em;
    font-weight: 700;
    text-transform: uppercase;
  }
  .about {
    display: flex;
    flex-direction: column;
    min-width: 0;
  }
  .name {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .size {
    color: var(--_muted);
  }
  .error {
    color: var(--_danger);
  }
  progress {
    width: 100%;
    height: 4px;
    accent-color: var(--_accent);
  }
  button {
    flex: none;
    width: 24px;
    height: 24px;
    padding: 0;
    border: 0;
    border-radius: 50%;
    background: transparent;
    color: inherit;
    font: inherit;
    font-size: 1.1em;
    cursor: pointer;
  }
  button:focus-visible {
    outline: 2px solid var(--_focus);
    outline-offset: 1px;
  }
`;

/** The short mark on a file chip without a thumbnail: `pdf`, `txt`. */
export function fileMark(name: string, mediaType: string): string {
  const extension = /\.([a-z0-9]{1,4})$/i.exec(name)?.[1];
  return extension ?? mediaType.split('/')[1]?.slice(0, 4) ?? 'file';
}
