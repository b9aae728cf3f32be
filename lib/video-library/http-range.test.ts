import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decideServe, parseEtagList, parseRangeHeader, strongEtagMatch, weakEtagMatch } from "./http-range";

const size = 1000;

describe("parseRangeHeader", () => {
  it("reads closed, open and suffix ranges", () => {
    expect(parseRangeHeader("bytes=0-99", size)).toEqual({ kind: "ranges", ranges: [{ start: 0, end: 99 }] });
    expect(parseRangeHeader("bytes=100-", size)).toEqual({ kind: "ranges", ranges: [{ start: 100, end: 999 }] });
    expect(parseRangeHeader("bytes=-500", size)).toEqual({ kind: "ranges", ranges: [{ start: 500, end: 999 }] });
    expect(parseRangeHeader("bytes=-5000", size)).toEqual({ kind: "ranges", ranges: [{ start: 0, end: 999 }] });
    expect(parseRangeHeader("bytes=990-2000", size)).toEqual({ kind: "ranges", ranges: [{ start: 990, end: 999 }] });
    expect(parseRangeHeader("Bytes = 5 - 6", size)).toEqual({ kind: "ranges", ranges: [{ start: 5, end: 6 }] });
  });

  it("keeps every satisfiable range of a multi-range request, in order", () => {
    expect(parseRangeHeader("bytes=2000-3000, 0-1, -2", size)).toEqual({
      kind: "ranges",
      ranges: [{ start: 0, end: 1 }, { start: 998, end: 999 }],
    });
  });

  it("reports unsatisfiable ranges", () => {
    expect(parseRangeHeader("bytes=1000-", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseRangeHeader("bytes=-0", size)).toEqual({ kind: "unsatisfiable" });
    expect(parseRangeHeader("bytes=0-0", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores headers that do not parse", () => {
    for (const h of ["", "bytes=", "bytes=5-2", "items=0-1", "bytes=a-b", "bytes=-", "bytes=1-2-3", "bytes=0-1,x"]) {
      expect(parseRangeHeader(h, size)).toEqual({ kind: "none" });
    }
    expect(parseRangeHeader(null, size)).toEqual({ kind: "none" });
  });

  it("always yields ranges inside the file", () => {
    fc.assert(
      fc.property(fc.nat(10_000), fc.option(fc.nat(20_000)), fc.option(fc.nat(20_000)), (n, a, b) => {
        const header = `bytes=${a ?? ""}-${b ?? ""}`;
        const r = parseRangeHeader(header, n);
        if (r.kind === "ranges") {
          for (const { start, end } of r.ranges) {
            expect(start).toBeGreaterThanOrEqual(0);
            expect(end).toBeLessThan(n);
            expect(start).toBeLessThanOrEqual(end);
          }
        }
      }),
    );
  });
});

describe("entity tags", () => {
  it("parses lists and compares weakly and strongly", () => {
    expect(parseEtagList(' "a", W/"b" ,"c"')).toEqual(['"a"', 'W/"b"', '"c"']);
    expect(parseEtagList("*")).toEqual(["*"]);
    expect(weakEtagMatch(['W/"x"'], '"x"')).toBe(true);
    expect(strongEtagMatch(['W/"x"'], '"x"')).toBe(false);
    expect(strongEtagMatch(['"x"'], '"x"')).toBe(true);
  });
});

describe("decideServe", () => {
  const v = { etag: '"abc"', lastModified: new Date("2026-01-02T03:04:05.678Z") };
  const lm = "Fri, 02 Jan 2026 03:04:05 GMT";
  const get = { method: "GET" };

  it("200 without Range, 206 with one", () => {
    expect(decideServe(get, size, v)).toEqual({ status: 200 });
    expect(decideServe({ ...get, range: "bytes=1-2" }, size, v)).toEqual({ status: 206, range: { start: 1, end: 2 }, rangeCount: 1 });
    expect(decideServe({ ...get, range: "bytes=5000-" }, size, v)).toEqual({ status: 416 });
  });

  it("serves the first range of a multi-range request", () => {
    expect(decideServe({ ...get, range: "bytes=10-19,0-4" }, size, v)).toEqual({
      status: 206,
      range: { start: 10, end: 19 },
      rangeCount: 2,
    });
  });

  it("304 on a matching If-None-Match (weak compare) or a fresh If-Modified-Since", () => {
    expect(decideServe({ ...get, ifNoneMatch: '"zzz", W/"abc"' }, size, v)).toEqual({ status: 304 });
    expect(decideServe({ ...get, ifNoneMatch: "*" }, size, v)).toEqual({ status: 304 });
    expect(decideServe({ ...get, ifNoneMatch: '"other"' }, size, v)).toEqual({ status: 200 });
    expect(decideServe({ ...get, ifModifiedSince: lm }, size, v)).toEqual({ status: 304 });
    expect(decideServe({ ...get, ifModifiedSince: "Thu, 01 Jan 2026 00:00:00 GMT" }, size, v)).toEqual({ status: 200 });
    // If-None-Match wins over If-Modified-Since
    expect(decideServe({ ...get, ifNoneMatch: '"other"', ifModifiedSince: lm }, size, v)).toEqual({ status: 200 });
    // 304 even with a Range
    expect(decideServe({ ...get, ifNoneMatch: '"abc"', range: "bytes=0-1" }, size, v)).toEqual({ status: 304 });
  });

  it("412 when If-Match or If-Unmodified-Since fails", () => {
    expect(decideServe({ ...get, ifMatch: '"nope"' }, size, v)).toEqual({ status: 412 });
    expect(decideServe({ ...get, ifMatch: '"abc"' }, size, v)).toEqual({ status: 200 });
    expect(decideServe({ ...get, ifUnmodifiedSince: "Thu, 01 Jan 2026 00:00:00 GMT" }, size, v)).toEqual({ status: 412 });
  });

  it("If-Range: range only when the validator is current", () => {
    const range = "bytes=0-9";
    expect(decideServe({ ...get, range, ifRange: '"abc"' }, size, v).status).toBe(206);
    expect(decideServe({ ...get, range, ifRange: 'W/"abc"' }, size, v).status).toBe(200);
    expect(decideServe({ ...get, range, ifRange: '"old"' }, size, v).status).toBe(200);
    expect(decideServe({ ...get, range, ifRange: lm }, size, v).status).toBe(206);
    expect(decideServe({ ...get, range, ifRange: "Thu, 01 Jan 2026 00:00:00 GMT" }, size, v).status).toBe(200);
  });
});
