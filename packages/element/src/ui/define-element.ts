/** Guarded, so a page that loads the element twice (a script tag and a bundle) keeps the first definition. */
export function define(name: string, constructor: CustomElementConstructor): void {
  if (!customElements.get(name)) customElements.define(name, constructor);
}
