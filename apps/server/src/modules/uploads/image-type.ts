/** The image kinds identity photos may be: judged by the bytes, never by the file name. */
export type ImageType = { mime: 'image/jpeg'; extension: 'jpg' } | { mime: 'image/png'; extension: 'png' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function detectImageType(bytes: Buffer): ImageType | undefined {
  // JPEG: SOI marker then another marker; and it must end with EOI (a truncated file is refused)
  if (bytes.length > 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    const end = bytes.subarray(-2);
    if (end[0] === 0xff && end[1] === 0xd9) return { mime: 'image/jpeg', extension: 'jpg' };
    return undefined;
  }
  // PNG: the signature, then an IHDR chunk first
  if (bytes.length > 24 && PNG_SIGNATURE.every((byte, index) => bytes[index] === byte) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return { mime: 'image/png', extension: 'png' };
  }
  return undefined;
}
