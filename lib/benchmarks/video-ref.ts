/**
 * Matching an item's video reference (as written in the benchmark file) to a Video of the
 * library, by name only (videos arrive before or after the import).
 *
 * A video offers keys at three strengths (the strongest level with a match wins):
 *   0. its `sourcePath` (relative path inside an imported tree), e.g. "RoomTour3D/x.mp4";
 *   1. every trailing part of `sourcePath` ("x.mp4" of "vcbench/RoomTour3D/x.mp4") and its
 *      `originalName` (the uploaded file's name);
 *   2. the level 0-1 keys without their file extension, matched only by references that
 *      have none (TOC-Bench `video_id` "charades_VYMZC" ↔ "charades_VYMZC.mp4", EC-Bench
 *      `video_id` "12" ↔ "12.mp4");
 *   3. for a reference with a directory ("RoomTour3D/x.mp4"), its file name against the
 *      `originalName` of videos that were not imported from a directory tree (a video
 *      uploaded on its own as "x.mp4"; a video with sourcePath "other/x.mp4" is in another
 *      directory and does not match), unless the caller says that another reference has
 *      the same file name (`allowBasename: false`).
 * Backslashes count as "/". Matching is case-sensitive. Two different videos at the winning
 * level make the reference ambiguous: it is not linked.
 */

export type RefVideo = { id: string; originalName: string; sourcePath: string | null };

const EXT = /\.[A-Za-z0-9]{1,5}$/;

function stripExt(name: string): string {
  return name.replace(EXT, "");
}

function hasExt(name: string): boolean {
  const base = name.slice(name.lastIndexOf("/") + 1);
  return EXT.test(base);
}

/** The keys a video can be found by, per level. */
export function videoKeys(v: RefVideo): [Set<string>, Set<string>, Set<string>] {
  const l0 = new Set<string>();
  const l1 = new Set<string>();
  const l2 = new Set<string>();
  const sp = v.sourcePath?.replace(/\\/g, "/").replace(/^\.?\/+/, "") || null;
  if (sp) {
    l0.add(sp);
    const parts = sp.split("/");
    for (let i = 1; i < parts.length; i++) l1.add(parts.slice(i).join("/"));
  }
  if (v.originalName) l1.add(v.originalName.replace(/\\/g, "/"));
  for (const k of [...l0, ...l1]) {
    const s = stripExt(k);
    if (s !== k && s !== "") l2.add(s);
  }
  return [l0, l1, l2];
}

/** Every string an item's videoRef may equal to match this video (for `videoRef IN (...)` queries). */
export function allVideoKeys(v: RefVideo): string[] {
  const [a, b, c] = videoKeys(v);
  return [...new Set([...a, ...b, ...c])];
}

export function normaliseRef(ref: string): string {
  return ref.replace(/\\/g, "/").replace(/^\.?\/+/, "");
}

/** The file name of a reference ("RoomTour3D/x.mp4" → "x.mp4"). */
export function refBasename(ref: string): string {
  const r = normaliseRef(ref);
  return r.slice(r.lastIndexOf("/") + 1);
}

/** References sharing a file name with another, different reference (level 3 is unsafe for them). */
export function refsWithSharedBasename(refs: Iterable<string>): Set<string> {
  const byName = new Map<string, Set<string>>();
  for (const ref of refs) {
    const name = refBasename(ref);
    const set = byName.get(name) ?? new Set<string>();
    set.add(normaliseRef(ref));
    byName.set(name, set);
  }
  const out = new Set<string>();
  for (const set of byName.values()) if (set.size > 1) for (const r of set) out.add(r);
  return out;
}

export type RefResolution<V> = { video: V | null; ambiguous: V[] };

/** An index of videos for resolving many references. */
export class VideoRefIndex<V extends RefVideo> {
  private levels: Map<string, V[]>[] = [new Map(), new Map(), new Map(), new Map()];

  constructor(videos: readonly V[]) {
    for (const v of videos) {
      if (!v.sourcePath || !normaliseRef(v.sourcePath).includes("/")) {
        const name = refBasename(v.originalName);
        const list = this.levels[3].get(name);
        if (list) list.push(v);
        else this.levels[3].set(name, [v]);
      }
      videoKeys(v).forEach((keys, level) => {
        for (const k of keys) {
          const list = this.levels[level].get(k);
          if (list) {
            if (!list.includes(v)) list.push(v);
          } else this.levels[level].set(k, [v]);
        }
      });
    }
  }

  resolve(ref: string, options: { allowBasename?: boolean } = {}): RefResolution<V> {
    const r = normaliseRef(ref);
    for (let level = 0; level < 4; level++) {
      if (level === 2 && hasExt(r)) continue;
      if (level === 3 && (options.allowBasename === false || !r.includes("/"))) continue;
      const found = this.levels[level].get(level === 3 ? refBasename(r) : r);
      if (found && found.length === 1) return { video: found[0], ambiguous: [] };
      if (found && found.length > 1) return { video: null, ambiguous: found };
    }
    return { video: null, ambiguous: [] };
  }
}
