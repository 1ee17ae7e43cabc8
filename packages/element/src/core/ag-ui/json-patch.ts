// The JSON Patch (RFC 6902) an AG-UI agent sends in STATE_DELTA, applied to the state the element keeps for the
// thread. Written here rather than taken from a library: the only one in node_modules (fast-json-patch) comes in
// with @ag-ui/client, a server devDependency, so the element would rely on a package it does not declare.

/** One operation of a patch, as AG-UI's JsonPatchOperation carries it. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

export class JsonPatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JsonPatchError';
  }
}

/** A pointer's reference tokens, unescaped (`~1` is `/`, `~0` is `~`, in that order). */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new JsonPatchError(`"${pointer}" is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

/** An array index token: a number within bounds (`-` only where `allowEnd`, meaning the end). */
function index(array: unknown[], token: string, allowEnd: boolean): number {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) throw new JsonPatchError(`"${token}" is not an array index`);
  const at = Number(token);
  if (at > array.length || (!allowEnd && at === array.length)) throw new JsonPatchError(`index ${at} is out of bounds`);
  return at;
}

/** The container the last token of `path` is in, and that token; throws when a parent is missing. */
function parentOf(doc: unknown, path: string): [Container, string] {
  const parts = tokens(path);
  const last = parts.pop();
  if (last === undefined) throw new JsonPatchError('the root has no parent');
  let node = doc;
  for (const token of parts) {
    if (!isContainer(node)) throw new JsonPatchError(`"${path}" goes through a value that is not an object or array`);
    node = Array.isArray(node) ? node[index(node, token, false)] : Object.hasOwn(node, token) ? node[token] : undefined;
    if (node === undefined) throw new JsonPatchError(`"${path}" has no parent`);
  }
  if (!isContainer(node)) throw new JsonPatchError(`"${path}" has no parent object or array`);
  return [node, last];
}

function get(doc: unknown, path: string): unknown {
  if (path === '') return doc;
  const [parent, last] = parentOf(doc, path);
  const value = Array.isArray(parent) ? parent[index(parent, last, false)] : Object.hasOwn(parent, last) ? parent[last] : undefined;
  if (value === undefined) throw new JsonPatchError(`nothing at "${path}"`);
  return value;
}

function add(doc: unknown, path: string, value: unknown): unknown {
  if (path === '') return value;
  const [parent, last] = parentOf(doc, path);
  if (Array.isArray(parent)) parent.splice(index(parent, last, true), 0, value);
  else parent[last] = value;
  return doc;
}

function remove(doc: unknown, path: string): unknown {
  if (path === '') throw new JsonPatchError('the root cannot be removed');
  const [parent, last] = parentOf(doc, path);
  if (Array.isArray(parent)) parent.splice(index(parent, last, false), 1);
  else if (Object.hasOwn(parent, last)) delete parent[last];
  else throw new JsonPatchError(`nothing at "${path}" to remove`);
  return doc;
}

/** In place, so an object keeps its keys' order. */
function replace(doc: unknown, path: string, value: unknown): unknown {
  get(doc, path);
  if (path === '') return value;
  const [parent, last] = parentOf(doc, path);
  if (Array.isArray(parent)) parent[index(parent, last, false)] = value;
  else parent[last] = value;
  return doc;
}

/** JSON equality, as `test` compares: objects by their members whatever their order. */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.hasOwn(b, key) && equal((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * `doc` with `patch` applied, as a new value (the one passed in is left as it was, so a patch that fails halfway
 * changes nothing: RFC 6902 applies a patch whole or not at all). Throws a JsonPatchError naming the failed operation.
 */
export function applyPatch(doc: unknown, patch: readonly PatchOperation[]): unknown {
  let result: unknown = doc === undefined ? undefined : structuredClone(doc);
  for (const [at, operation] of patch.entries()) {
    try {
      const { path } = operation;
      switch (operation.op) {
        case 'add':
          result = add(result, path, structuredClone(operation.value));
          break;
        case 'remove':
          result = remove(result, path);
          break;
        case 'replace':
          result = replace(result, path, structuredClone(operation.value));
          break;
        case 'move': {
          const from = operation.from ?? '';
          if (path.startsWith(`${from}/`)) throw new JsonPatchError('a value cannot be moved into itself');
          const value = get(result, from);
          result = add(remove(result, from), path, value);
          break;
        }
        case 'copy':
          result = add(result, path, structuredClone(get(result, operation.from ?? '')));
          break;
        case 'test':
          if (!equal(get(result, path), operation.value)) throw new JsonPatchError(`the value at "${path}" is not the one tested`);
          break;
        default:
          throw new JsonPatchError(`unknown op "${String((operation as { op: unknown }).op)}"`);
      }
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new JsonPatchError(`operation ${at} (${operation.op} ${operation.path}): ${reason}`);
    }
  }
  return result;
}
