// The model writes A2UI from the tool's description alone: the protocol's few rules, in our words, and the app's
// catalog, whose components are the only ones the page can draw.

/** The app's A2UI catalog, as the model needs to know it. */
export interface A2uiCatalog {
  /** The catalog's id: what each `createSurface` names as its `catalogId`, so the page draws it with that catalog. */
  id: string;
  /** The components the model may use: prose, or the catalog's JSON Schema (it is put in the tool's description). */
  components: string | object;
}

const RULES = [
  'Draw a UI surface for the user with A2UI v0.9 messages, instead of asking for several values in text or showing a list of options.',
  'Every message is an object with "version": "v0.9" and exactly one operation:',
  '- createSurface { surfaceId, catalogId } first, once per surface, with catalogId set to CATALOG_ID. Add "sendDataModel": true to get the surface\'s data with each action.',
  '- updateComponents { surfaceId, components }: a flat list; each component has a unique "id", its "component" name from the catalog below, and its properties beside them. Children are named by id. One component must have the id "root": the surface draws from it. Sending a component with an id already there replaces it.',
  '- updateDataModel { surfaceId, path?, value }: the surface\'s data. A property bound to data is { "path": "/guest/name" } (a JSON pointer into the data model) instead of a literal; an input writes what the user enters back to its path.',
  '- deleteSurface { surfaceId }: removes it.',
  'A button\'s "action" is { "event": { "name": "...", "context": { key: literal or { "path": ... } } } }: when the user presses it, you get the action\'s name and its context resolved against the data as the user\'s next message.',
  'To change a surface later, send updateComponents or updateDataModel for its surfaceId; never createSurface again for a surface that exists. Send a new surface\'s createSurface and its first updateComponents in the same call.',
  'A message that is not valid, names a surface that does not exist, another catalog or a component the catalog lacks, or a new surface without its "root" fails the whole call and nothing is shown: read the error, which names the message and field (messages.N.field), and call again corrected.',
];

/** The tool's description: the rules, the catalog's id, and its components (prose, or its JSON Schema). */
export function a2uiToolDescription(catalog: A2uiCatalog): string {
  const components = typeof catalog.components === 'string' ? catalog.components : JSON.stringify(catalog.components);
  return [
    ...RULES.map((line) => line.replace('CATALOG_ID', JSON.stringify(catalog.id))),
    '',
    `The catalog (id ${JSON.stringify(catalog.id)}): use only these components and their properties.`,
    components,
  ].join('\n');
}
