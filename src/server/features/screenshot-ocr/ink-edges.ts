/** Pixel scans of a page shared by the reading path (image-preprocess, coloured-bars, page-bands, page-skew, second-look). */

/**
 * An edge between neighbouring pixels of at least this much grey is ink, not shading or JPEG noise.
 * One value for every pixel scan of a page (ink height, band cuts, slant, unread rows, a coloured
 * bar's letters against its ground), so they all see the same strokes.
 */
export const EDGE_STEP = 48;

/**
 * The median grey of an image's outermost pixels (corners counted twice): its ground, whatever the
 * mode. The upper median where two values tie.
 */
export function borderMedianGrey(pixels: Buffer, width: number, height: number): number {
  const counts = new Uint32Array(256);
  for (let x = 0; x < width; x++) {
    counts[pixels[x]!]!++;
    counts[pixels[(height - 1) * width + x]!]!++;
  }
  for (let y = 0; y < height; y++) {
    counts[pixels[y * width]!]!++;
    counts[pixels[y * width + width - 1]!]!++;
  }
  const middle = Math.floor((2 * width + 2 * height) / 2);
  let seen = 0;
  for (let grey = 0; grey < 256; grey++) {
    seen += counts[grey]!;
    if (seen > middle) return grey;
  }
  return 255;
}
