/**
 * Whether a file's first bytes are what its declared type says, for the types a model reads as binary: an image or
 * a PDF that is something else would fail at the provider, after the run had started, or reach it as what it is not.
 * Text must be UTF-8. Other types are taken as declared (the server only accepts the types its options list).
 */
export function bytesMatchType(bytes: Uint8Array, mediaType: string): boolean {
  const starts = (...prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const ascii = (text: string, at = 0) => [...text].every((char, index) => bytes[at + index] === char.charCodeAt(0));
  switch (mediaType) {
    case 'image/png':
      return starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
    case 'image/jpeg':
      return starts(0xff, 0xd8, 0xff);
    case 'image/gif':
      return ascii('GIF87a') || ascii('GIF89a');
    case 'image/webp':
      return ascii('RIFF') && ascii('WEBP', 8);
    case 'application/pdf':
      return ascii('%PDF-');
    case 'text/plain':
    case 'text/markdown':
    case 'text/csv':
      try {
        new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        return true;
      } catch {
        return false;
      }
    default:
      return true;
  }
}

/** `image/png; charset=…` → `image/png`. */
export function baseType(mediaType: string): string {
  return mediaType.split(';')[0]!.trim().toLowerCase();
}

/** Whether `mediaType` is one of `accepted`, where `image/*` and `*\/*` match a whole family. */
export function typeAccepted(mediaType: string, accepted: readonly string[]): boolean {
  return accepted.some((pattern) => pattern === mediaType || pattern === '*/*' || (pattern.endsWith('/*') && mediaType.startsWith(pattern.slice(0, -1))));
}
