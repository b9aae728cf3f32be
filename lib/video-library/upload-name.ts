/**
 * The display name of an uploaded file, from the `x-file-name` request header (PURE).
 *
 * The header carries the name percent-encoded (`encodeURIComponent`), because header values
 * cannot hold arbitrary Unicode; a value that is not valid percent-encoding is taken as is.
 * The name is used for display and matching only: stored file names are generated
 * (lib/video/storage-paths.ts), so nothing here ever reaches the filesystem. Still, the
 * directory part is dropped (`../../x.mp4` -> `x.mp4`, `C:\clips\x.mp4` -> `x.mp4`) and control
 * characters are refused, so that logs and pages never show a path or a terminal escape.
 */

export const UPLOAD_NAME_HEADER = "x-file-name";
export const MAX_UPLOAD_NAME_LENGTH = 255;

// C0 and C1 control characters, DEL, and the bidi overrides that can disguise an extension.
// eslint-disable-next-line no-control-regex
const FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export type UploadNameResult = { ok: true; name: string } | { ok: false; reason: string };

export function parseUploadName(raw: string | null | undefined): UploadNameResult {
  if (raw === null || raw === undefined || raw.trim() === "") {
    return { ok: false, reason: `${UPLOAD_NAME_HEADER} header is missing: send the file's name (percent-encoded)` };
  }
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    decoded = raw;
  }
  if (FORBIDDEN.test(decoded)) {
    return { ok: false, reason: `${UPLOAD_NAME_HEADER}: the file name contains control characters` };
  }
  const base = decoded.split(/[\\/]/).pop() ?? "";
  const name = base.normalize("NFC").trim();
  if (name === "" || name === "." || name === "..") {
    return { ok: false, reason: `${UPLOAD_NAME_HEADER}: no file name is left once the directory part is removed` };
  }
  if (name.length > MAX_UPLOAD_NAME_LENGTH) {
    return { ok: false, reason: `${UPLOAD_NAME_HEADER}: the file name is longer than ${MAX_UPLOAD_NAME_LENGTH} characters` };
  }
  return { ok: true, name };
}
