import { describe, expect, it } from 'vitest';
import { sniffAttachmentType } from './file-sniff';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffAttachmentType', () => {
  it('recognises each accepted type by its leading bytes', () => {
    expect(sniffAttachmentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffAttachmentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffAttachmentType(new TextEncoder().encode('GIF89a'))).toBe('image/gif');
    expect(sniffAttachmentType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('image/webp');
    expect(sniffAttachmentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, including look-alikes and truncated headers', () => {
    expect(sniffAttachmentType(new TextEncoder().encode('<svg onload="alert(1)">'))).toBeNull();
    expect(sniffAttachmentType(new TextEncoder().encode('RIFF\x10\x00\x00\x00WAVE'))).toBeNull();
    expect(sniffAttachmentType(bytes(0x89, 0x50, 0x4e))).toBeNull();
    expect(sniffAttachmentType(bytes())).toBeNull();
  });
});
