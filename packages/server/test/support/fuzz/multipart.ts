import fc from 'fast-check';
import { FUZZ_MAX_UPLOAD } from './fuzz-agent.js';
import { anyString, garbageBody, type WireBody } from './hostile-values.js';

/**
 * Bodies for POST /uploads: honest multipart around files whose declared type and bytes agree or lie, at and past
 * the size limit, and multipart that is broken (no closing boundary, a boundary that is not the header's, no file
 * field, two files, headers cut off). The Content-Type header that goes with them is `uploadType`.
 */

export const BOUNDARY = 'fuzz-boundary-7f3a';

/** The first bytes each accepted type must start with (sniff-type.ts), and some that start nothing. */
const MAGIC: Record<string, number[]> = {
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpeg: [0xff, 0xd8, 0xff, 0xe0],
  gif: [...Buffer.from('GIF89a')],
  webp: [...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')],
  pdf: [...Buffer.from('%PDF-1.7\n')],
  text: [...Buffer.from('plain words ')],
  html: [...Buffer.from('<html><script>x</script>')],
  none: [],
  badUtf8: [0xc0, 0xaf, 0xff],
};

const DECLARED = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf', 'text/plain', 'text/plain; charset=utf-8', 'IMAGE/PNG', 'text/html', 'application/octet-stream', 'image/svg+xml', '', 'image/*'];

interface FilePart {
  field: string;
  name: string;
  declared: string;
  bytes: number[];
}

const filePart: fc.Arbitrary<FilePart> = fc.record({
  field: fc.oneof({ weight: 9, arbitrary: fc.constant('file') }, { weight: 1, arbitrary: fc.constantFrom('files', 'FILE', 'file[]', '') }),
  name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('a.png', 'photo.jpg', 'doc.pdf', 'notes.txt') }, { weight: 1, arbitrary: anyString }, { weight: 1, arbitrary: fc.constant('n'.repeat(400)) }),
  declared: fc.constantFrom(...DECLARED),
  magic: fc
    .tuple(
      fc.constantFrom(...Object.keys(MAGIC)),
      // Sizes around the limit (the magic bytes count towards it), and small ones.
      fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 0, max: 64 }) }, { weight: 2, arbitrary: fc.integer({ min: FUZZ_MAX_UPLOAD - 16, max: FUZZ_MAX_UPLOAD + 4 }) }),
    )
    .map(([magic, size]) => {
      const head = MAGIC[magic]!;
      return [...head, ...Array.from({ length: Math.max(0, size - head.length) }, (_, i) => 0x61 + (i % 26))].slice(0, Math.max(size, 0));
    }),
  /** Whether the bytes start as the declared type says: mostly, so files are stored and messages carry them. */
  honest: fc.oneof({ weight: 2, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
}).map(({ field, name, declared, magic, honest }) => {
  const kind = Object.entries(HONEST).find(([type]) => type === declared.split(';')[0]!.toLowerCase())?.[1];
  if (!honest || !kind) return { field, name, declared, bytes: magic };
  const head = MAGIC[kind]!;
  return { field, name, declared, bytes: [...head, ...magic.slice(head.length)] };
});

/** The magic bytes that make a declared type true. */
const HONEST: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp', 'application/pdf': 'pdf', 'text/plain': 'text' };

/** Characters that must not appear raw in a quoted header parameter; replaced so the part stays well-formed. */
const quoted = (text: string) => text.replace(/["\r\n\\]/g, '_');

function part(file: FilePart, boundary = BOUNDARY): number[] {
  const head = [`--${boundary}`, `Content-Disposition: form-data; name="${quoted(file.field)}"; filename="${quoted(file.name)}"`, ...(file.declared ? [`Content-Type: ${file.declared}`] : []), '', ''].join('\r\n');
  return [...Buffer.from(head, 'utf8'), ...file.bytes, ...Buffer.from('\r\n')];
}

const closing = (boundary = BOUNDARY) => [...Buffer.from(`--${boundary}--\r\n`)];

const wellFormed = fc.oneof({ weight: 6, arbitrary: fc.tuple(filePart) }, { weight: 1, arbitrary: fc.tuple(filePart, filePart) }).map((files) => ({ bytes: [...files.flatMap((file) => part(file)), ...closing()] }));

const broken: fc.Arbitrary<WireBody> = fc.oneof(
  // No closing boundary.
  filePart.map((file): WireBody => ({ bytes: part(file) })),
  // Parts under another boundary than the header's.
  filePart.map((file): WireBody => ({ bytes: [...part(file, 'other'), ...closing('other')] })),
  // A text field and no file.
  fc.constant<WireBody>({ bytes: [...Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"\r\n\r\njust text\r\n`), ...closing()] }),
  // Headers cut off mid-part; nothing but the closing boundary; a part without Content-Disposition.
  fc.constant<WireBody>({ bytes: [...Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="fi`)] }),
  fc.constant<WireBody>({ bytes: closing() }),
  fc.constant<WireBody>({ bytes: [...Buffer.from(`--${BOUNDARY}\r\nContent-Type: image/png\r\n\r\n`), ...MAGIC['png']!, ...Buffer.from('\r\n'), ...closing()] }),
  garbageBody,
);

export const uploadBody: fc.Arbitrary<WireBody> = fc.oneof({ weight: 8, arbitrary: wellFormed }, { weight: 2, arbitrary: broken });

/** The Content-Type of an upload: mostly the multipart one with its boundary, sometimes wrong or without a boundary. */
export const uploadType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 12, arbitrary: fc.constant(`multipart/form-data; boundary=${BOUNDARY}`) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      'multipart/form-data',
      `multipart/form-data; boundary="${BOUNDARY}"`,
      `MULTIPART/FORM-DATA; boundary=${BOUNDARY}`,
      'multipart/form-data; boundary=',
      'multipart/mixed; boundary=x',
      'application/json',
      'image/png',
      'application/x-www-form-urlencoded',
    ),
  },
  { weight: 1, arbitrary: fc.constant(undefined) },
);
