/**
 * An edge between neighbouring pixels of at least this much grey is ink, not shading or JPEG noise.
 * One value for every pixel scan of a page (ink height, band cuts, slant, unread rows), so they all
 * see the same strokes.
 */
export const EDGE_STEP = 48;
