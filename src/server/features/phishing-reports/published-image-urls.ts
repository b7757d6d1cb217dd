/** Public storage keys start with this; the rest of the key is served under the media path. */
const PUBLIC_PREFIX = 'public/';

/**
 * The URLs of a report's redacted copy and its thumbnail, for the public answers and the operator
 * console alike. Only a redacted copy, once published, ever has a URL: while pending, after a
 * failure, when kept private or hidden there is none. A missing thumbnail falls back to the copy.
 */
export function publishedImageUrls(
  mediaPath: string,
  published: boolean,
  keys: { screenshotKey: string | null; thumbnailKey: string | null },
): { screenshot_url: string | null; thumbnail_url: string | null } {
  const mediaUrl = (key: string | null) => (published && key?.startsWith(PUBLIC_PREFIX) ? `${mediaPath}/${key.slice(PUBLIC_PREFIX.length)}` : null);
  const screenshotUrl = mediaUrl(keys.screenshotKey);
  return { screenshot_url: screenshotUrl, thumbnail_url: screenshotUrl ? (mediaUrl(keys.thumbnailKey) ?? screenshotUrl) : null };
}
