import type { FastifyInstance, FastifyReply } from 'fastify';

/** The brand mark (気 on the primary blue) as the tab icon; browsers that ask for .ico get it too. */
const FAVICON_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#1d5fbf"/><text x="32" y="45" font-size="38" font-weight="700" text-anchor="middle" fill="#fff" font-family="'Hiragino Sans','Noto Sans CJK JP',sans-serif">気</text></svg>`;

export function registerFaviconRoutes(app: FastifyInstance): void {
  const send = async (_request: unknown, reply: FastifyReply) =>
    reply.type('image/svg+xml').header('cache-control', 'public, max-age=604800').send(FAVICON_SVG);
  app.get('/favicon.svg', send);
  app.get('/favicon.ico', send);
}
