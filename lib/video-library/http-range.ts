/**
 * Byte ranges and conditional requests for serving immutable files (PURE; RFC 9110 §13, §14).
 *
 * Decisions:
 * - Only the `bytes` unit. A Range header that does not parse (`bytes=5-2`, `items=0-1`, garbage)
 *   is ignored, as RFC 9110 allows: the whole file is sent with 200.
 * - Multiple ranges (`bytes=0-1,5-9`): no multipart/byteranges. The FIRST satisfiable range is
 *   answered as a single-part 206; its Content-Range tells the client which bytes it got.
 *   Browsers' media stacks only ever ask for one range.
 * - `bytes=-N` is the last N bytes (all of them when N >= size); `bytes=A-` runs to the end;
 *   an end beyond the file is clamped. No satisfiable range at all -> 416 with
 *   `Content-Range: bytes * /size` (without the space).
 * - Preconditions in the RFC's order: If-Match (412), If-Unmodified-Since (412, only without
 *   If-Match), If-None-Match (304 for GET/HEAD), If-Modified-Since (304, only without
 *   If-None-Match), then If-Range: the range is honoured only when If-Range carries our strong
 *   ETag or exactly our Last-Modified date; otherwise the full file is sent (200).
 */

export type ByteRange = { start: number; end: number };

export type RangeParse =
  | { kind: "none" }
  | { kind: "ranges"; ranges: ByteRange[] }
  | { kind: "unsatisfiable" };

/** Parses a Range header against a representation of `size` bytes. */
export function parseRangeHeader(header: string | null | undefined, size: number): RangeParse {
  if (!header) return { kind: "none" };
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return { kind: "none" };
  const specs = m[1].split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (specs.length === 0) return { kind: "none" };
  const ranges: ByteRange[] = [];
  for (const spec of specs) {
    const r = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
    if (!r || (r[1] === "" && r[2] === "")) return { kind: "none" };
    if (r[1] === "") {
      const suffix = Number(r[2]);
      if (!Number.isSafeInteger(suffix)) return { kind: "none" };
      if (suffix === 0 || size === 0) continue;
      ranges.push({ start: Math.max(0, size - suffix), end: size - 1 });
      continue;
    }
    const start = Number(r[1]);
    const end = r[2] === "" ? Infinity : Number(r[2]);
    if (!Number.isSafeInteger(start) || (end !== Infinity && !Number.isSafeInteger(end))) return { kind: "none" };
    if (end < start) return { kind: "none" };
    if (start >= size) continue;
    ranges.push({ start, end: Math.min(end, size - 1) });
  }
  return ranges.length ? { kind: "ranges", ranges } : { kind: "unsatisfiable" };
}

export function contentRange(range: ByteRange, size: number): string {
  return `bytes ${range.start}-${range.end}/${size}`;
}

export function unsatisfiedContentRange(size: number): string {
  return `bytes */${size}`;
}

/** Entity tags in an If-Match / If-None-Match value; "*" as the single element ["*"]. */
export function parseEtagList(value: string): string[] {
  const v = value.trim();
  if (v === "*") return ["*"];
  const tags: string[] = [];
  const re = /(W\/)?"[^"]*"/g;
  for (let m = re.exec(v); m; m = re.exec(v)) tags.push(m[0]);
  return tags;
}

function opaque(tag: string): string {
  return tag.startsWith("W/") ? tag.slice(2) : tag;
}

/** Weak comparison (If-None-Match): opaque tags equal, W/ ignored. */
export function weakEtagMatch(list: string[], etag: string): boolean {
  return list.some((t) => t === "*" || opaque(t) === opaque(etag));
}

/** Strong comparison (If-Match, If-Range): neither tag weak, identical. */
export function strongEtagMatch(list: string[], etag: string): boolean {
  return list.some((t) => t === "*" || (!t.startsWith("W/") && !etag.startsWith("W/") && t === etag));
}

/** HTTP-date to whole seconds since the epoch, or null when it does not parse. */
export function parseHttpDate(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : null;
}

export type Validators = { etag: string; lastModified: Date };

export type ConditionalHeaders = {
  method: string;
  ifMatch?: string | null;
  ifNoneMatch?: string | null;
  ifModifiedSince?: string | null;
  ifUnmodifiedSince?: string | null;
  ifRange?: string | null;
  range?: string | null;
};

export type ServeDecision =
  | { status: 200 }
  | { status: 206; range: ByteRange; rangeCount: number }
  | { status: 304 }
  | { status: 412 }
  | { status: 416 };

/** What to answer for a GET/HEAD of an immutable file of `size` bytes with these validators. */
export function decideServe(h: ConditionalHeaders, size: number, v: Validators): ServeDecision {
  const lastModified = Math.floor(v.lastModified.getTime() / 1000);
  const getOrHead = h.method === "GET" || h.method === "HEAD";
  if (h.ifMatch) {
    if (!strongEtagMatch(parseEtagList(h.ifMatch), v.etag)) return { status: 412 };
  } else if (h.ifUnmodifiedSince) {
    const since = parseHttpDate(h.ifUnmodifiedSince);
    if (since !== null && lastModified > since) return { status: 412 };
  }
  if (h.ifNoneMatch) {
    if (weakEtagMatch(parseEtagList(h.ifNoneMatch), v.etag)) return getOrHead ? { status: 304 } : { status: 412 };
  } else if (h.ifModifiedSince && getOrHead) {
    const since = parseHttpDate(h.ifModifiedSince);
    if (since !== null && lastModified <= since) return { status: 304 };
  }
  if (!getOrHead || !h.range) return { status: 200 };
  if (h.ifRange) {
    const ir = h.ifRange.trim();
    const fresh = ir.startsWith('"') || ir.startsWith("W/")
      ? strongEtagMatch(parseEtagList(ir), v.etag) && ir !== "*"
      : parseHttpDate(ir) === lastModified;
    if (!fresh) return { status: 200 };
  }
  const parsed = parseRangeHeader(h.range, size);
  if (parsed.kind === "none") return { status: 200 };
  if (parsed.kind === "unsatisfiable") return { status: 416 };
  return { status: 206, range: parsed.ranges[0], rangeCount: parsed.ranges.length };
}
