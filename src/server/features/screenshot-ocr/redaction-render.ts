import sharp, { type Sharp } from 'sharp';
import { SCREENSHOT_MAX_PIXELS } from '../../../common/limits';
import { imageWork } from '../../lib/image-work-queue';
import type { PixelBox } from './screenshot-ocr.types';

export interface RedactedScreenshot {
  image: Buffer;
  thumbnail: Buffer;
  extension: 'png' | 'jpg';
}

/**
 * Decodes an upload to packed sRGB as it is shown (EXIF orientation applied, alpha flattened onto
 * white): the pixel grid the analyzer's boxes and the published copy share.
 */
export function decodeOrientedRgb(image: Buffer) {
  return sharp(image, { limitInputPixels: SCREENSHOT_MAX_PIXELS, failOn: 'error', pages: 1 })
    .rotate()
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

const THUMBNAIL_BOX = { width: 240, height: 480 };

/**
 * Paints the boxes into the decoded pixels themselves (not as an overlay layer) and encodes a
 * fresh file from those pixels, so nothing under a box survives and no metadata is carried over.
 * The thumbnail is made from the redacted pixels, never from the original.
 */
export function renderRedactedCopy(original: Buffer, boxes: readonly PixelBox[], asJpeg: boolean): Promise<RedactedScreenshot> {
  // One job of the image queue (see image-work-queue.ts); a full queue rejects with 503, which
  // the publisher takes as "busy, retry later".
  return imageWork.run(() => paintAndEncode(original, boxes, asJpeg));
}

async function paintAndEncode(original: Buffer, boxes: readonly PixelBox[], asJpeg: boolean): Promise<RedactedScreenshot> {
  const { data, info } = await decodeOrientedRgb(original);
  const { width, height, channels } = info;
  for (const box of boxes) {
    const x0 = Math.max(0, Math.floor(box.x));
    const y0 = Math.max(0, Math.floor(box.y));
    const x1 = Math.min(width, Math.ceil(box.x + box.w));
    const y1 = Math.min(height, Math.ceil(box.y + box.h));
    for (let y = y0; y < y1; y++) data.fill(0, (y * width + x0) * channels, (y * width + x1) * channels);
  }
  const raw = { raw: { width, height, channels } } as const;
  const encode = (pipeline: Sharp) => (asJpeg ? pipeline.jpeg({ quality: 85 }) : pipeline.png({ compressionLevel: 8 })).toBuffer();
  // One after the other: an image job holds one of libuv's threads at a time, never two.
  const image = await encode(sharp(data, raw));
  const thumbnail = await encode(sharp(data, raw).resize({ ...THUMBNAIL_BOX, fit: 'inside', withoutEnlargement: true }));
  return { image, thumbnail, extension: asJpeg ? 'jpg' : 'png' };
}
