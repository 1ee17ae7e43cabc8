import type { ViewCsp, ViewPermissions } from '@agent-chat/protocol';

/**
 * A source a view may declare: an http(s) or ws(s) origin, its host possibly `*.`-wildcarded, with an optional port.
 * Anything else (a keyword, a path, a `;`) is dropped, so a declaration can never add a directive of its own.
 */
const SOURCE = /^(https?|wss?):\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:(\d{1,5}|\*))?$/i;

const LISTS = ['connectDomains', 'resourceDomains', 'frameDomains', 'baseUriDomains'] as const;

/** The declared origins that are well formed, each list at most 32 long; empty lists left out. */
export function cleanCsp(declared: unknown): ViewCsp {
  const clean: ViewCsp = {};
  if (!declared || typeof declared !== 'object') return clean;
  for (const key of LISTS) {
    const list = (declared as Record<string, unknown>)[key];
    if (!Array.isArray(list)) continue;
    const kept = list.filter((item): item is string => typeof item === 'string' && SOURCE.test(item)).slice(0, 32);
    if (kept.length > 0) clean[key] = kept;
  }
  return clean;
}

/** The host's tightening, kept within what was declared: a list may lose origins, never gain one. */
export function restrictedCsp(declared: ViewCsp, restrict: ((declared: ViewCsp) => ViewCsp) | undefined): ViewCsp {
  if (!restrict) return declared;
  const wanted = cleanCsp(restrict(structuredClone(declared)));
  const kept: ViewCsp = {};
  for (const key of LISTS) {
    const list = wanted[key]?.filter((item) => declared[key]?.includes(item));
    if (list && list.length > 0) kept[key] = list;
  }
  return kept;
}

/**
 * The view's Content Security Policy. With nothing declared: inline script and style only, images and media from
 * `data:`, no network, no frames. Declared `resourceDomains` add scripts, styles, images, fonts and media from those
 * origins; `connectDomains` fetch and WebSocket; `frameDomains` frames; `baseUriDomains` a `<base>`. Never `'self'`
 * for what the view loads or reaches: the sandbox origin is this server, which a view has no business calling.
 */
export function viewCspHeader(csp: ViewCsp): string {
  const resource = csp.resourceDomains ?? [];
  const list = (base: string[], extra: string[] | undefined) => [...base, ...(extra ?? [])].join(' ') || "'none'";
  return [
    "default-src 'none'",
    `script-src ${list(["'unsafe-inline'"], resource)}`,
    `style-src ${list(["'unsafe-inline'"], resource)}`,
    `img-src ${list(['data:', 'blob:'], resource)}`,
    `font-src ${list(['data:'], resource)}`,
    `media-src ${list(['data:', 'blob:'], resource)}`,
    `connect-src ${list([], csp.connectDomains)}`,
    `frame-src ${list([], csp.frameDomains)}`,
    `base-uri ${list(["'self'"], csp.baseUriDomains)}`,
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

const FEATURES: Record<keyof ViewPermissions, string> = {
  camera: 'camera',
  microphone: 'microphone',
  geolocation: 'geolocation',
  clipboardWrite: 'clipboard-write',
};

/** The declared permissions a frame's `allow` can grant, by their Permissions Policy names (the known four only). */
export function allowedFeatures(permissions: unknown): string[] {
  if (!permissions || typeof permissions !== 'object') return [];
  return (Object.keys(FEATURES) as Array<keyof ViewPermissions>)
    .filter((key) => (permissions as Record<string, unknown>)[key] !== undefined)
    .map((key) => FEATURES[key]);
}

/** Of these Permissions Policy names, those a view may be granted (the known four), each once. */
export function knownFeatures(names: readonly string[]): string[] {
  return Object.values(FEATURES).filter((feature) => names.includes(feature));
}

/** A frame's `allow` attribute for those features: `camera; microphone`. */
export function allowAttribute(features: readonly string[]): string {
  return features.join('; ');
}
