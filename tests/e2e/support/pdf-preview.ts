import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { SCREENSHOT_DIR } from './browser';

const run = promisify(execFile);

export interface PdfPagePreview {
  path: string;
  width: number;
  height: number;
  /** Share of pixels that are ink (darker than mid-grey): 0 for a blank page. */
  inkShare: number;
}

/**
 * The PDF's first page as a PNG beside the screenshots (poppler's pdftoppm, as a person would
 * open it), for review, with the figures a test needs to tell a rendered page from a blank one.
 */
export async function firstPageAsPng(pdfPath: string, name: string, dpi = 100): Promise<PdfPagePreview> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const prefix = path.join(SCREENSHOT_DIR, name);
  await run('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', '1', '-singlefile', pdfPath, prefix]);
  const png = `${prefix}.png`;
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  let ink = 0;
  for (const value of data) if (value < 128) ink++;
  return { path: png, width: info.width, height: info.height, inkShare: ink / data.length };
}
