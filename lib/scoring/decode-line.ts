/** UTF-8 decoding of one line's bytes (PURE), shared by the file readers and the in-memory ones. */

// ignoreBOM: U+FEFF inside a line stays (only a file-initial BOM is dropped by the line splitters).
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The UTF-8 text of `bytes[start, end)` (invalid sequences as U+FFFD). */
export function decodeLine(bytes: Uint8Array, start: number, end: number): string {
  return utf8.decode(bytes.subarray(start, end));
}
