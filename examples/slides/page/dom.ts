type Child = Node | string | null | undefined | false;
type Attributes = Record<string, string | number | boolean | undefined | ((event: Event) => void)>;

/**
 * Build an element: attributes (false/undefined skipped, `on…` functions become listeners) and children. The page
 * re-renders a stage from the carousel on each change, which a few dozen nodes make cheap without a framework.
 */
export function el<K extends keyof HTMLElementTagNameMap>(tag: K, attributes: Attributes = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') node.addEventListener(name.slice(2), value);
    else if (value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) node.append(child);
  return node;
}

/** An SVG element (the placeholder images); `el` would create it in the HTML namespace, where it does not draw. */
export function svg(tag: string, attributes: Record<string, string | number> = {}, ...children: Element[]): SVGElement {
  const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, String(value));
  node.append(...children);
  return node;
}
