/**
 * Run names (PURE). A name is unique per project (ModelRun @@unique([projectId, name])).
 * Re-uploading under a taken name is refused with 409 unless the caller asks for a versioned
 * name (`ifExists=version`: "name (2)", "name (3)", ...). Names starting with "Chance: " or
 * "Human baseline: " are reserved for the rows Playhead computes itself.
 */
export const RESERVED_RUN_PREFIXES = ["Chance: ", "Human baseline: "];
export const MAX_RUN_NAME = 200;

export type IfExists = "error" | "version";

export function validateRunName(raw: unknown): { ok: true; name: string } | { ok: false; message: string } {
  if (typeof raw !== "string") return { ok: false, message: 'field "name": give the run a name (e.g. the model and its settings)' };
  const name = raw.replace(/\s+/g, " ").trim();
  if (name === "") return { ok: false, message: 'field "name": must not be empty' };
  if (name.length > MAX_RUN_NAME) return { ok: false, message: `field "name": at most ${MAX_RUN_NAME} characters (got ${name.length})` };
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return { ok: false, message: 'field "name": must not contain control characters' };
  const reserved = RESERVED_RUN_PREFIXES.find((p) => name.toLowerCase().startsWith(p.toLowerCase()));
  if (reserved) return { ok: false, message: `field "name": names starting with "${reserved.trim()}" are reserved for rows Playhead computes` };
  return { ok: true, name };
}

/** The first of "base", "base (2)", "base (3)", ... not in `taken`. */
export function versionedName(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base} (${n})`;
    if (!taken.has(candidate)) return candidate;
  }
}
