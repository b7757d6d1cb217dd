/**
 * Paths of the public tracking routes and the lesson page, under TRACKING_URL (else APP_URL).
 * Short, so a link in a mail stays short; the token is the only key.
 */
/** Every tracking and lesson path starts here, so one allow-list entry (`host/t/*`) covers them all. */
export const TRACKING_PREFIX = '/t/';

export const TRACKING_PATHS = {
  open: '/t/o',
  click: '/t/c',
  honeypot: '/t/h',
  beacon: '/t/b',
  lesson: '/t/l',
  lessonAssets: '/t/assets',
} as const;

/** The open pixel's URL ends in .gif: some mail clients only load images that look like images. */
export const trackingLinks = (trackingUrl: string, token: string) => ({
  open: `${trackingUrl}${TRACKING_PATHS.open}/${token}.gif`,
  click: `${trackingUrl}${TRACKING_PATHS.click}/${token}`,
  honeypot: `${trackingUrl}${TRACKING_PATHS.honeypot}/${token}`,
  beacon: `${trackingUrl}${TRACKING_PATHS.beacon}/${token}`,
  lesson: `${trackingUrl}${TRACKING_PATHS.lesson}/${token}`,
  lessonSubmit: `${trackingUrl}${TRACKING_PATHS.lesson}/${token}/submit`,
});
