/**
 * A JSON request body read straight from Node's request. To read a body,
 * Hono on @hono/node-server first builds a WHATWG Request around the Node one (its
 * headers copied, an AbortController, a web stream over the socket) and reads through
 * it: a noticeable share of a write's CPU. This reads the bytes with Node's own stream
 * events instead, refuses a body over the limit as soon as that is known (from
 * Content-Length, else while reading), and puts the text in Hono's body cache, where
 * `c.req.text()` and `c.req.json()` find it.
 *
 * Only JSON bodies: a CSV or an image is read Hono's way (its bytes are not text). A
 * request that did not come through a Node server (`app.request` in tests) too.
 */
import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json\s*(;|$)/i;

/** Why a body could not be read in full. */
type Unread = 'too large' | 'cut short';

function readAll(incoming: IncomingMessage, maxSize: number): Promise<Buffer | Unread> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (result: Buffer | Unread) => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onCut);
      incoming.off('close', onCut);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxSize) {
        finish('too large');
        incoming.resume(); // the rest is drained and dropped
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    // The client went away (or the socket failed) before the body ended.
    const onCut = () => finish('cut short');
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onCut);
    incoming.on('close', onCut);
  });
}

/**
 * Reads a JSON body up to `maxSize` bytes into Hono's body cache; `onTooLarge` answers a
 * larger one, `onCutShort` one that never ended. Any other request goes to `otherwise`.
 */
export function jsonBody(options: {
  maxSize: number;
  onTooLarge: (c: Context) => never;
  onCutShort: (c: Context) => never;
  otherwise: MiddlewareHandler;
}): MiddlewareHandler {
  return async (c, next) => {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    if (
      incoming === undefined ||
      incoming.readableDidRead ||
      !JSON_MEDIA_TYPE.test(incoming.headers['content-type'] ?? '')
    ) {
      return options.otherwise(c, next);
    }
    const declared = Number(incoming.headers['content-length'] ?? Number.NaN);
    if (declared > options.maxSize) options.onTooLarge(c);
    const body = await readAll(incoming, options.maxSize);
    if (body === 'too large') options.onTooLarge(c);
    if (body === 'cut short') options.onCutShort(c);
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(body.toString('utf8'));
    await next();
  };
}
