import type { AttachmentType } from '@app/contracts';

/** Leading bytes of each accepted type (null = any byte). */
const SIGNATURES: ReadonlyArray<{ type: AttachmentType; bytes: ReadonlyArray<number | null> }> = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/gif', bytes: [0x47, 0x49, 0x46, 0x38] },
  // RIFF....WEBP
  {
    type: 'image/webp',
    bytes: [0x52, 0x49, 0x46, 0x46, null, null, null, null, 0x57, 0x45, 0x42, 0x50],
  },
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The type a file really is, judged by its content; null when it is none of the accepted types. */
export function sniffAttachmentType(data: Uint8Array): AttachmentType | null {
  const match = SIGNATURES.find(
    ({ bytes }) => data.length >= bytes.length && bytes.every((b, i) => b === null || data[i] === b),
  );
  return match?.type ?? null;
}
