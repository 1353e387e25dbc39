export interface Dimensions {
  width: number;
  height: number;
}

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

/** What the bytes are, from their signature; a Content-Type header or a stored type is only a claim. */
export function sniffImageType(data: Uint8Array): ImageType | undefined {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, j) => data[i + j] === b);
  if (data.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (data.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (data.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

const JPEG_SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function jpegDimensions(data: Uint8Array, view: DataView): Dimensions | undefined {
  let at = 2;
  while (at + 9 < data.length) {
    if (data[at] !== 0xff) return undefined;
    const marker = data[at + 1]!;
    if (marker === 0xff) {
      at++; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined; // end of image or start of scan before any frame
    if (JPEG_SOF.has(marker)) return { height: view.getUint16(at + 5), width: view.getUint16(at + 7) };
    at += 2 + view.getUint16(at + 2);
  }
  return undefined;
}

function latin1(data: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...data.subarray(from, to));
}

function pngDimensions(data: Uint8Array, view: DataView): Dimensions | undefined {
  if (data.length < 24 || latin1(data, 12, 16) !== 'IHDR') return undefined;
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

function webpDimensions(data: Uint8Array, view: DataView): Dimensions | undefined {
  if (data.length < 30) return undefined;
  const chunk = latin1(data, 12, 16);
  const uint24 = (i: number) => data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16);
  if (chunk === 'VP8 ') {
    if (data[23] !== 0x9d || data[24] !== 0x01 || data[25] !== 0x2a) return undefined;
    return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (data[20] !== 0x2f) return undefined;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: uint24(24) + 1, height: uint24(27) + 1 };
  return undefined;
}

/** Width and height from the image's own header, without decoding it; undefined when there is no readable header. */
export function imageDimensions(data: Uint8Array, type: ImageType): Dimensions | undefined {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  try {
    const found =
      type === 'image/jpeg'
        ? jpegDimensions(data, view)
        : type === 'image/png'
          ? pngDimensions(data, view)
          : webpDimensions(data, view);
    return found && found.width > 0 && found.height > 0 ? found : undefined;
  } catch {
    return undefined; // a header cut short
  }
}
