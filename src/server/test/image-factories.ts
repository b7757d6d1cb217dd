import zlib from 'node:zlib';

/**
 * PNGs written byte by byte with zlib, so that even a 39-megapixel one is made in a fraction of a
 * second (sharp spends half a minute encoding a 1 × 39,000,000 image): every pixel is zero, and
 * the deflated zeros are tiny.
 */

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Adam7 passes: first column, first row, column step, row step. */
const ADAM7 = [[0, 0, 8, 8], [4, 0, 8, 8], [0, 4, 4, 8], [2, 0, 4, 4], [0, 2, 2, 4], [1, 0, 2, 2], [0, 1, 1, 2]] as const;

const PIXEL_KINDS = {
  /** 8-bit grey: the cheapest to decode. */
  grey8: { colourType: 0, bitDepth: 8, bytesPerPixel: 1 },
  /** 16-bit RGBA: eight bytes a pixel, the dearest a PNG can be. */
  rgba16: { colourType: 6, bitDepth: 16, bytesPerPixel: 8 },
} as const;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Bytes of the filtered scanlines (one filter byte per row) of a plain or interlaced image. */
function scanlineBytes(width: number, height: number, bytesPerPixel: number, interlaced: boolean): number {
  if (!interlaced) return height * (1 + width * bytesPerPixel);
  let total = 0;
  for (const [x0, y0, dx, dy] of ADAM7) {
    const columns = Math.ceil((width - x0) / dx);
    const rows = Math.ceil((height - y0) / dy);
    if (columns > 0 && rows > 0) total += rows * (1 + columns * bytesPerPixel);
  }
  return total;
}

export async function blackPng(options: { width: number; height: number; pixels?: keyof typeof PIXEL_KINDS; interlaced?: boolean }): Promise<Buffer> {
  const { width, height, interlaced = false } = options;
  const kind = PIXEL_KINDS[options.pixels ?? 'grey8'];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = kind.bitDepth;
  header[9] = kind.colourType;
  header[12] = interlaced ? 1 : 0;
  // Deflated a slice at a time: the scanlines of a big 16-bit image would fill hundreds of MB.
  const deflate = zlib.createDeflate({ level: 6 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const finished = new Promise<void>((resolve, reject) => deflate.once('end', resolve).once('error', reject));
  const zeros = Buffer.alloc(1 << 20);
  for (let left = scanlineBytes(width, height, kind.bytesPerPixel, interlaced); left > 0; left -= zeros.length) {
    if (!deflate.write(left >= zeros.length ? zeros : zeros.subarray(0, left))) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('IDAT', Buffer.concat(parts)), chunk('IEND', Buffer.alloc(0))]);
}
