import path from "node:path";

/** A path or storage key that could leave its base, or is not one Playhead generates. */
export class UnsafePathError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UnsafePathError";
  }
}

// eslint-disable-next-line no-control-regex
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * Joins `parts` onto `base` and returns the absolute result, refusing anything
 * that could leave `base`: a `..` segment, an absolute part (`/x`, `\x`, `C:`),
 * a backslash, NUL or other control characters, or an empty part. The resolved
 * path is checked to lie inside `base` as well.
 */
export function resolveInside(base: string, ...parts: string[]): string {
  const root = path.resolve(base);
  for (const part of parts) {
    if (typeof part !== "string" || part.length === 0) throw new UnsafePathError("empty path part");
    if (CONTROL_CHARS.test(part)) throw new UnsafePathError("path part contains a control character");
    if (part.includes("\\")) throw new UnsafePathError(`path part "${part}" contains a backslash`);
    if (path.isAbsolute(part) || /^[A-Za-z]:/.test(part)) throw new UnsafePathError(`path part "${part}" is absolute`);
    if (part.split("/").some((seg) => seg === "..")) throw new UnsafePathError(`path part "${part}" contains ".."`);
  }
  const full = path.resolve(root, ...parts);
  const rel = path.relative(root, full);
  if (rel === ".." || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) throw new UnsafePathError("path escapes its base directory");
  return full;
}
