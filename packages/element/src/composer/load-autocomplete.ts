// Loads the autocomplete chunk (autocomplete.ts) once per page, for every composer on it.
type AutocompleteModule = typeof import('./autocomplete.js');

let loading: Promise<AutocompleteModule> | undefined;
let loaded: AutocompleteModule | undefined;

/** Resolves with the module. A failed load (the chunk unreachable) is tried again next time. */
export function loadAutocomplete(): Promise<AutocompleteModule> {
  loading ??= import('./autocomplete.js').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The module, if it has loaded: the composer draws the list with it synchronously. */
export function autocomplete(): AutocompleteModule | undefined {
  return loaded;
}
