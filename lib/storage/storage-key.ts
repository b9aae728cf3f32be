import { UnsafePathError } from "./safe-path";

/**
 * Storage keys: relative, "/"-separated names of stored objects, the same for every driver
 * (the local driver maps `videos/<uuid>/thumb.jpg` to `<data>/videos/<uuid>/thumb.jpg`, the S3
 * driver to the object `<prefix>videos/<uuid>/thumb.jpg`). Keys are built only from generated
 * names (lib/video/storage-paths.ts); every driver call checks its key again here, so a name that
 * did not come from there (a tampered database row, a path from a request) never reaches a
 * filesystem or a bucket:
 *
 * - segments of letters, digits, `.`, `_` and `-`, starting with a letter, digit or `_` (so no
 *   `..`, no `.`, no hidden `.tmp-` names, which the local driver uses for its own atomic writes);
 * - no empty segment, no leading or trailing `/` (no absolute keys), no backslash, no control
 *   characters; at most 16 segments of 128 characters and 512 characters in all.
 *
 * A prefix is a key ending in "/": `videos/<uuid>/` never matches `videos/<uuid>0/...`. There is
 * no empty prefix: no call lists or deletes "everything" (the local driver's root is the data
 * directory, which also holds the SQLite database).
 */
const SEGMENT = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;
const MAX_SEGMENTS = 16;

function describe(key: unknown): string {
  return JSON.stringify(String(key)).slice(0, 80);
}

/** Returns `key` when it is a valid storage key, else throws UnsafePathError saying why. */
export function checkStorageKey(key: string): string {
  if (typeof key !== "string" || key.length === 0) throw new UnsafePathError("empty storage key");
  if (key.length > MAX_KEY_LENGTH) throw new UnsafePathError(`storage key longer than ${MAX_KEY_LENGTH} characters`);
  if (key.startsWith("/")) throw new UnsafePathError(`storage key ${describe(key)} is absolute`);
  const segments = key.split("/");
  if (segments.length > MAX_SEGMENTS) throw new UnsafePathError(`storage key ${describe(key)} has more than ${MAX_SEGMENTS} segments`);
  for (const segment of segments) {
    if (segment === "..") throw new UnsafePathError(`storage key ${describe(key)} contains ".."`);
    if (!SEGMENT.test(segment)) throw new UnsafePathError(`storage key ${describe(key)} has a segment that is not a generated name`);
  }
  return key;
}

/** Returns `prefix` when it is a valid key followed by "/", else throws UnsafePathError. */
export function checkStoragePrefix(prefix: string): string {
  if (typeof prefix !== "string" || !prefix.endsWith("/")) throw new UnsafePathError(`storage prefix ${describe(prefix)} must end with "/"`);
  checkStorageKey(prefix.slice(0, -1));
  return prefix;
}

/** Checks one name (a single key segment, e.g. a file name read from the database). */
export function checkKeySegment(name: string): string {
  if (typeof name !== "string" || !SEGMENT.test(name)) throw new UnsafePathError(`name ${describe(name)} is not a generated name`);
  return name;
}
