import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, rename, rm } from "node:fs/promises";
import path from "node:path";

/**
 * Relative paths ("/"-separated, sorted) of the regular files below `dir`. Names starting with a
 * dot (temporary files of atomic writes) are skipped, and so are symbolic links; [] when `dir`
 * does not exist.
 */
export async function walkFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    let entries;
    try {
      entries = await readdir(rel ? path.join(dir, rel) : dir, { withFileTypes: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT" || (e as NodeJS.ErrnoException).code === "ENOTDIR") return;
      throw e;
    }
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(child);
      else if (entry.isFile()) out.push(child);
    }
  }
  await walk("");
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/**
 * Writes `target` atomically: `write` fills a hidden temporary file next to it, which is then
 * renamed over `target` (readers see the old file or the new one, never a part).
 */
export async function writeAtomically(target: string, write: (tmp: string) => Promise<void>): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  const tmp = path.join(path.dirname(target), `.tmp-${randomUUID()}-${path.basename(target)}`);
  try {
    await write(tmp);
    await rename(tmp, target);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

/**
 * Puts directory `source` in place as `target` with one rename. With `replace`, an existing
 * `target` is first renamed aside and removed after; without it, a non-empty `target` makes the
 * rename fail (ENOTEMPTY / EEXIST).
 */
export async function renameDirectoryInto(source: string, target: string, replace: boolean): Promise<void> {
  await mkdir(path.dirname(target), { recursive: true });
  try {
    await rename(source, target);
    return;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!replace || (code !== "ENOTEMPTY" && code !== "EEXIST")) throw e;
  }
  const old = path.join(path.dirname(target), `.tmp-old-${randomUUID()}`);
  await rename(target, old);
  try {
    await rename(source, target);
  } catch (e) {
    await rename(old, target).catch(() => undefined);
    throw e;
  }
  await rm(old, { recursive: true, force: true });
}
