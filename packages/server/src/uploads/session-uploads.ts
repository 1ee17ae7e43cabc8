import type { Turn } from '@agent-chat/protocol';
import type { Fork } from '../session/branches.js';
import type { Uploads } from './upload-options.js';

/**
 * The uploads a history names: its messages' files and its tools' images kept by reference, in the alternatives put
 * aside too (retries, edits).
 */
export function namedUploads(turns: readonly Turn[], forks: readonly Fork[] | undefined, into = new Set<string>()): Set<string> {
  for (const turn of turns) {
    if (turn.type === 'user') {
      for (const attachment of turn.attachments ?? []) if ('uploadId' in attachment && typeof attachment.uploadId === 'string') into.add(attachment.uploadId);
    }
    if (turn.type === 'tool_result') {
      for (const part of turn.content ?? []) if (part.type === 'image' && part.uploadId !== undefined) into.add(part.uploadId);
    }
  }
  for (const fork of forks ?? []) for (const branch of fork.branches) if (branch) namedUploads(branch.turns, branch.forks, into);
  return into;
}

/**
 * Delete `owner`'s uploads among `ids`: those of a history that is gone (a deleted session, or one an import replaced
 * without them), which nothing shows or sends any more. Another owner's upload named there is left alone. Best
 * effort: the history is already gone, so an upload the store fails to delete is said in the log and left.
 */
export async function deleteUploads(uploads: Uploads | undefined, ids: Iterable<string>, owner: string): Promise<void> {
  if (!uploads) return;
  await Promise.all(
    Array.from(ids, async (id) => {
      try {
        const blob = await uploads.store.get(id);
        if (blob?.owner === owner) await uploads.store.delete(id);
      } catch (error) {
        console.warn(`[agent-chat] the upload ${id} of a deleted history could not be deleted: ${error instanceof Error ? error.message : String(error)}`);
      }
    }),
  );
}
