import type { ReadResourceResult } from '@modelcontextprotocol/client';
import type { ViewCsp, ViewPermissions } from '@agent-chat/protocol';
import type { ViewDocument } from '../../tools/tool-view.js';
import type { McpConnection } from '../connection.js';
import { VIEW_MIME_TYPE } from './view-meta.js';

/** The views' documents of one server, read once each and kept until the server says its resources changed. */
export interface ViewDocuments {
  get(uri: string): Promise<ViewDocument>;
  /** Forget one document (`notifications/resources/updated`), or all (`list_changed`, a new connection). */
  forget(uri?: string): void;
}

export function viewDocuments(connection: Pick<McpConnection, 'readResource'>): ViewDocuments {
  const kept = new Map<string, Promise<ViewDocument>>();
  return {
    get(uri) {
      let found = kept.get(uri);
      if (!found) {
        found = connection.readResource(uri).then((result) => toDocument(uri, result));
        kept.set(uri, found);
        // A failed read is not kept: the next view asks again.
        found.catch(() => {
          if (kept.get(uri) === found) kept.delete(uri);
        });
      }
      return found;
    },
    forget(uri) {
      if (uri === undefined) kept.clear();
      else kept.delete(uri);
    },
  };
}

/** The view's HTML and its `_meta.ui`: on the content item, else on the result (servers put it on either). */
function toDocument(uri: string, result: ReadResourceResult): ViewDocument {
  const item = result.contents.find((content) => content.uri === uri) ?? result.contents[0];
  if (!item) throw new Error(`the server returned nothing for ${uri}`);
  const mimeType = item.mimeType ?? VIEW_MIME_TYPE;
  if (mimeType.replace(/\s/g, '').toLowerCase() !== VIEW_MIME_TYPE) throw new Error(`${uri} is ${mimeType}, not ${VIEW_MIME_TYPE}`);
  const html = 'text' in item ? item.text : new TextDecoder().decode(Uint8Array.from(atob(item.blob), (c) => c.charCodeAt(0)));
  const meta = (item._meta?.ui ?? (result._meta as Record<string, unknown> | undefined)?.ui) as Record<string, unknown> | undefined;
  return {
    uri,
    mimeType: VIEW_MIME_TYPE,
    html,
    ...(isObject(meta?.csp) ? { csp: meta.csp as ViewCsp } : {}),
    ...(isObject(meta?.permissions) ? { permissions: meta.permissions as ViewPermissions } : {}),
    ...(typeof meta?.domain === 'string' ? { domain: meta.domain } : {}),
    ...(typeof meta?.prefersBorder === 'boolean' ? { prefersBorder: meta.prefersBorder } : {}),
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
