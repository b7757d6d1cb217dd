import sharp, { type Metadata } from 'sharp';
import { SCREENSHOT_MAX_ASPECT_RATIO, SCREENSHOT_MAX_PIXELS, SCREENSHOT_MAX_SIDE } from '../../../common/limits';
import { reportMessages } from '../../../common/messages';
import { AppError } from '../../errors';
import { imageWork } from '../../lib/image-work-queue';

export type ImageFormat = 'jpeg' | 'png' | 'gif';

/** Judges the format by the file's first bytes; the name and declared type are not trusted. */
export function detectImageFormat(content: Buffer): ImageFormat | null {
  if (content.length >= 3 && content[0] === 0xff && content[1] === 0xd8 && content[2] === 0xff) return 'jpeg';
  if (content.length >= 8 && content.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  const header = content.subarray(0, 6).toString('latin1');
  if (header === 'GIF87a' || header === 'GIF89a') return 'gif';
  return null;
}

export interface EncodedImage {
  content: Buffer;
  extension: 'png' | 'jpg';
}

const screenshotError = (message: string, summary?: string) => AppError.validation({ screenshot: [message] }, summary);

/**
 * Refuses anything that is not a JPEG/PNG/GIF of sane size, from its header alone, before a pixel
 * is decoded: too many pixels (decompression bombs), a side over SCREENSHOT_MAX_SIDE, or a shape
 * more elongated than SCREENSHOT_MAX_ASPECT_RATIO (a 1 × 39,000,000 PNG of 76 KB passes the pixel
 * cap, yet decoding and resizing it took 11 s). `summary` is the answer's message (the field's by
 * default). Quick whatever the image, so it runs before the image queue.
 */
export async function inspectScreenshot(content: Buffer, summary?: string): Promise<ImageFormat> {
  const format = detectImageFormat(content);
  if (!format) throw screenshotError(reportMessages.screenshotType, summary);
  let metadata: Metadata;
  try {
    metadata = await sharp(content, { limitInputPixels: false }).metadata();
  } catch {
    throw screenshotError(reportMessages.screenshotUnreadable, summary);
  }
  const { width = 0, height = 0 } = metadata;
  if (width === 0 || height === 0) throw screenshotError(reportMessages.screenshotUnreadable, summary);
  if (width * height > SCREENSHOT_MAX_PIXELS) throw screenshotError(reportMessages.screenshotTooManyPixels, summary);
  const [short, long] = width < height ? [width, height] : [height, width];
  if (long > SCREENSHOT_MAX_SIDE || long > short * SCREENSHOT_MAX_ASPECT_RATIO) {
    throw screenshotError(reportMessages.screenshotBadDimensions, summary);
  }
  return format;
}

/**
 * Decodes and re-encodes the image so nothing but pixels survives: EXIF, GPS, ICC comments and
 * any bytes appended after the image are dropped. Orientation is applied first so the copy looks
 * as the phone showed it. GIFs keep their first frame only.
 */
export function reencodeWithoutMetadata(content: Buffer, format: ImageFormat): Promise<EncodedImage> {
  // In the image queue (503 when it is full), so uploads never take the threads scrypt needs.
  return imageWork.run(async () => {
    try {
      const pipeline = sharp(content, { limitInputPixels: SCREENSHOT_MAX_PIXELS, failOn: 'error', pages: 1 })
        .rotate()
        .resize({ width: 2400, height: 6000, fit: 'inside', withoutEnlargement: true });
      if (format === 'jpeg') {
        return { content: await pipeline.jpeg({ quality: 85 }).toBuffer(), extension: 'jpg' };
      }
      return { content: await pipeline.png({ compressionLevel: 8 }).toBuffer(), extension: 'png' };
    } catch {
      throw screenshotError(reportMessages.screenshotUnreadable);
    }
  });
}
