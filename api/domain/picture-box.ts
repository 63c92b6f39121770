/**
 * The squares an SVG picture may be drawn to fit as a PNG (GET /api/images/…?box=N), in
 * pixels: shared by the server, which draws them, and the app, which asks for them.
 */
export const MIN_BOX = 16;
export const MAX_BOX = 512;
