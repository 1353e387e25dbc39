import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

/**
 * A valid RGB PNG of the given size whose pixels are all black: an image bomb when large, since its all-zero
 * body compresses about a thousand to one (7000 x 7000 is some 143 KB and 147 MB once decoded).
 */
export function blackPng(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const raw = Buffer.alloc(height * (1 + width * 3)); // filter byte 0 and black pixels per row
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A JPEG whose frame header claims a size, padded to `bytes` (the PDF embeds a JPEG without decoding it). */
export function jpegClaiming(base: Buffer, width: number, height: number, bytes = base.length): Buffer {
  const jpeg = Buffer.from(base);
  let at = 2;
  while (jpeg[at + 1]! < 0xc0 || jpeg[at + 1]! > 0xc2) at += 2 + jpeg.readUInt16BE(at + 2);
  jpeg.writeUInt16BE(height, at + 5);
  jpeg.writeUInt16BE(width, at + 7);
  if (bytes <= jpeg.length) return jpeg;
  // The padding goes into a comment segment before the end, so the file still reads as one JPEG.
  const end = jpeg.subarray(jpeg.length - 2);
  const parts = [jpeg.subarray(0, jpeg.length - 2)];
  let left = bytes - jpeg.length;
  while (left > 4) {
    const n = Math.min(left - 4, 65_533);
    const seg = Buffer.alloc(n + 4);
    seg.set([0xff, 0xfe], 0);
    seg.writeUInt16BE(n + 2, 2);
    parts.push(seg);
    left -= n + 4;
  }
  return Buffer.concat([...parts, end]);
}
