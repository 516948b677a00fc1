import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { acceptedCodings } from './static';

/** Replies smaller than this gain less than the headers cost. */
const MIN_BYTES = 1024;
/** JSON and text compress well; documents (xlsx, docx, pdf) are compressed formats already. */
const COMPRESSIBLE = /^(?:application\/(?:json|javascript|xml)|text\/)/i;

/**
 * Compresses API replies (the numbers list, search results and catalogues are JSON of tens of KB): brotli at a
 * quality fast enough per request, else gzip, as the request's Accept-Encoding allows. Always `Vary: Accept-Encoding`
 * so a cache keeps the encodings apart.
 */
export function compressReplies(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    c.header('Vary', 'Accept-Encoding', { append: true });
    const res = c.res;
    if (c.req.method === 'HEAD' || res.headers.has('Content-Encoding') || !res.body) return;
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return;
    const accepts = acceptedCodings(c.req.header('Accept-Encoding'));
    const encoding = accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : undefined;
    if (encoding === undefined) return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
      return;
    }
    const packed =
      encoding === 'br'
        ? brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: 5,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          })
        : gzipSync(body, { level: 6 });
    headers.set('Content-Encoding', encoding);
    headers.delete('Content-Length');
    c.res = new Response(packed, { status: res.status, statusText: res.statusText, headers });
  };
}
