import "server-only";
import http from "node:http";

/**
 * Restores Content-Length on media responses served through `next start` (installed when
 * this module is first imported).
 *
 * Next 16.4's `sendResponse` (next/dist/server/send-response.js) copies a route handler's
 * Response headers onto the Node response but skips `content-length` (its FORBIDDEN_HEADERS),
 * so every streamed body goes out chunked. For 200/206 media answers the exact length matters
 * (players and download managers use it; RFC 9110 expects it with Content-Range). The media
 * code therefore also sends the length in a private header, and this hook, installed once per
 * process on `http.ServerResponse.prototype`, turns that header back into
 * Content-Length just before the head is written. It only acts on responses that carry the
 * private header and have neither Content-Length nor Transfer-Encoding set, and it removes the
 * private header. Under other runtimes (tests calling handlers directly, a plain fetch
 * server) the Response keeps its own Content-Length and the hook is never involved.
 *
 * Checked against a real `next start` by scripts/bench-media.ts (it fails loudly when a 206
 * arrives without the exact Content-Length).
 */
export const CONTENT_LENGTH_HINT_HEADER = "x-playhead-content-length";

const INSTALLED = Symbol.for("playhead.restoreContentLength");

type Method = (this: http.ServerResponse, ...args: unknown[]) => unknown;

function applyHint(res: http.ServerResponse): void {
  const hint = res.getHeader(CONTENT_LENGTH_HINT_HEADER);
  if (hint === undefined) return;
  res.removeHeader(CONTENT_LENGTH_HINT_HEADER);
  const value = String(hint);
  if (/^\d+$/.test(value) && !res.hasHeader("content-length") && !res.hasHeader("transfer-encoding")) {
    res.setHeader("content-length", value);
  }
}

/**
 * Installs the hook (idempotent). Both `_implicitHeader` (what `flushHeaders()` and `end()`
 * call first; Next's piping uses these) and `writeHead` are wrapped: the `compression`
 * middleware of `next start` replaces `res.writeHead` per response with a wrapper around the
 * method it found, so a `writeHead` patch alone would miss responses whose wrapper was made
 * before the hook was installed.
 */
export function ensureContentLengthRestorer(): void {
  const proto = http.ServerResponse.prototype as unknown as Record<PropertyKey, unknown> & {
    writeHead: Method;
    _implicitHeader?: Method;
  };
  if (proto[INSTALLED]) return;
  const writeHead = proto.writeHead;
  proto.writeHead = function writeHeadWithLength(this: http.ServerResponse, ...args: unknown[]) {
    applyHint(this);
    return writeHead.apply(this, args);
  };
  const implicitHeader = proto._implicitHeader;
  if (typeof implicitHeader === "function") {
    proto._implicitHeader = function implicitHeaderWithLength(this: http.ServerResponse, ...args: unknown[]) {
      applyHint(this);
      return implicitHeader.apply(this, args);
    };
  }
  proto[INSTALLED] = true;
}

ensureContentLengthRestorer();
