import type { ScriptedRun } from '@agent-chat/server';
import type { TurnAttachment, UploadedAttachment } from '@agent-chat/protocol';
import { suggestionsCall } from '../../../server/suggestions-tool.js';

/** A file from the learner's computer (the paperclip, a paste, a drop), as opposed to a document from the library. */
export const isUpload = (attachment: TurnAttachment): attachment is UploadedAttachment => typeof (attachment as { uploadId?: unknown }).uploadId === 'string';

// Words a file name carries that say what kind of file it is, not what it is about.
const GENERIC = new Set(['img', 'image', 'photo', 'pic', 'scan', 'screenshot', 'screen', 'shot', 'page', 'pages', 'notes', 'note', 'lecture', 'slides', 'chapter', 'copy', 'final', 'my']);

/** What a file's name says it is about: "cell-cycle_notes (2).png" is about "cell cycle". */
export function topicOf(name: string): string | undefined {
  const words = name
    .replace(/\.[a-z0-9]+$/i, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word && !/^\d+$/.test(word) && !GENERIC.has(word.toLowerCase()));
  return words.length ? words.slice(0, 4).join(' ').toLowerCase() : undefined;
}

/**
 * Files the learner attached, asked nothing the demo model plays: the scripted model has already named them ("I see
 * 1 image: mitosis.png."). It cannot read them, so it says what Claude would do with them here, and offers a search
 * of the library on what their names say they are about.
 */
export function studyUploads(uploads: readonly UploadedAttachment[]): ScriptedRun {
  const one = uploads.length === 1;
  const images = uploads.every((upload) => upload.mediaType.startsWith('image/'));
  const what = images ? (one ? 'a photo of a page' : 'photos of pages') : one ? 'study material' : 'study materials';
  const it = one ? 'it' : 'them';
  const text =
    `Thanks, ${what} to work from. I'm the offline demo model, so I know ${one ? 'its name' : 'their names'}, not what ${one ? 'it says' : 'they say'}. ` +
    `With \`ANTHROPIC_API_KEY\` set on the server, Claude reads ${it} right here (images and PDFs as they are, text files as text), ` +
    `turns ${it} into flashcards or notes, and finds where your library covers the same ground.`;
  const topics = [...new Set(uploads.map((upload) => topicOf(upload.name)).filter((topic) => topic !== undefined))];
  const suggestions = [...topics.slice(0, 2).map((topic) => `Search the library for ${topic}`), 'Make flashcards from this page', 'Quiz me'];
  return [[{ text }, suggestionsCall('Meanwhile, I can search your library for what the file names say, or work from the page you are reading:', suggestions)], []];
}
