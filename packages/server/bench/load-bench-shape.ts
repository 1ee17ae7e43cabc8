// What the load bench's scripted model answers, shared by the server process and the bench that checks the counts.

/** A load stream's reply: 2 KB, in CHUNK-character deltas (128 of them), as a fast model streams it. */
export const LOAD_REPLY_CHARS = 2_048;
export const CHUNK = 16;

const sentence = 'The quick brown fox jumps over the lazy dog. ';
export const replyOf = (chars: number) => sentence.repeat(Math.ceil(chars / sentence.length)).slice(0, chars);
