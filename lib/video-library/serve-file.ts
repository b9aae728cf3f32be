import "server-only";
import { HttpError } from "@/lib/http/http-error";
import { mediaStorage } from "@/lib/storage/media-storage";
import { isStorageNotFound } from "@/lib/storage/media-storage-types";
import { contentRange, decideServe, unsatisfiedContentRange } from "./http-range";
import { CONTENT_LENGTH_HINT_HEADER, ensureContentLengthRestorer } from "./restore-content-length";

export type ServableFile = {
  /** Key in the media storage (lib/storage; a StoredFile of video-files.ts). */
  key: string;
  contentType: string;
  /** Strong ETag (quoted). The file must be immutable for it to stay valid. */
  etag: string;
  cacheControl?: string;
  /** Extra headers for every answer (e.g. Content-Disposition). */
  headers?: Record<string, string>;
};

export const DEFAULT_MEDIA_CACHE_CONTROL = "private, max-age=0, must-revalidate";

/**
 * Answers GET / HEAD for an immutable stored file (either storage driver) with ranges and
 * validators (see http-range.ts for the decisions: first range of a multi-range request, 416
 * with `bytes *\/size`, If-Range ...). Every answer carries Accept-Ranges, ETag, Last-Modified
 * and Cache-Control; 200 / 206 / HEAD carry an exact Content-Length (restored after Next's
 * response piping, see restore-content-length.ts). Bodies stream from the storage (positioned
 * file reads, or a ranged GET from the bucket), never held whole in memory.
 */
export async function serveFile(request: Request, file: ServableFile): Promise<Response> {
  ensureContentLengthRestorer();
  const storage = mediaStorage();
  const missing = () => new HttpError(404, "The video's file is missing on the server.", "file_missing");
  const st = await storage.head(file.key);
  if (!st) throw missing();
  // Removed between the head and the read (another instance deleted the video): still a 404.
  const range = (start: number, end: number) =>
    storage.getRange(file.key, start, end, { signal: request.signal }).catch((e: unknown) => {
      throw isStorageNotFound(e) ? missing() : e;
    });
  const size = st.size;
  const lastModified = new Date(Math.floor(st.lastModified.getTime() / 1000) * 1000);
  const headers = new Headers(file.headers);
  headers.set("accept-ranges", "bytes");
  headers.set("etag", file.etag);
  headers.set("last-modified", lastModified.toUTCString());
  headers.set("cache-control", file.cacheControl ?? DEFAULT_MEDIA_CACHE_CONTROL);
  headers.set("x-content-type-options", "nosniff");
  const h = request.headers;
  const decision = decideServe(
    {
      method: request.method,
      ifMatch: h.get("if-match"),
      ifNoneMatch: h.get("if-none-match"),
      ifModifiedSince: h.get("if-modified-since"),
      ifUnmodifiedSince: h.get("if-unmodified-since"),
      ifRange: h.get("if-range"),
      range: h.get("range"),
    },
    size,
    { etag: file.etag, lastModified },
  );
  const head = request.method === "HEAD";
  const withLength = (n: number) => {
    headers.set("content-length", String(n));
    headers.set(CONTENT_LENGTH_HINT_HEADER, String(n));
  };
  switch (decision.status) {
    case 304:
      return new Response(null, { status: 304, headers });
    case 412:
      withLength(0);
      return new Response(null, { status: 412, headers });
    case 416:
      headers.set("content-range", unsatisfiedContentRange(size));
      withLength(0);
      return new Response(null, { status: 416, headers });
    case 206: {
      const { start, end } = decision.range;
      headers.set("content-type", file.contentType);
      headers.set("content-range", contentRange(decision.range, size));
      withLength(end - start + 1);
      return new Response(head ? null : await range(start, end), {
        status: 206,
        headers,
      });
    }
    default: {
      headers.set("content-type", file.contentType);
      withLength(size);
      const body = head || size === 0 ? null : await range(0, size - 1);
      return new Response(body, { status: 200, headers });
    }
  }
}
