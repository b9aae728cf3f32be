import "server-only";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { db } from "@/lib/db/prisma";
import { ToolMissingError } from "@/lib/video/run-process";
import { VideoRejectedError } from "@/lib/video/validate-video";
import { IngestAbortedError, ingestVideo, PlaybackCopyError } from "./ingest-video";
import { sweepOrphanVideoDirs } from "./sweep-orphans";
import { sweepStaleScratch } from "./staging";
import { plural } from "@/lib/text/plural";

/** File extensions considered video files (lowercase, without the dot); the probe decides. */
export const VIDEO_EXTENSIONS = [
  "mp4", "m4v", "mov", "qt", "webm", "mkv", "avi", "ts", "mts", "m2ts", "mpg", "mpeg", "wmv", "flv", "3gp", "ogv", "mxf",
] as const;

const EXTENSIONS = new Set<string>(VIDEO_EXTENSIONS);

export type ImportOutcome =
  | { status: "imported"; videoId: string; transcoded: boolean; attached: number }
  | { status: "skipped"; videoId: string; attached: number }
  | { status: "rejected"; reason: string }
  | { status: "failed"; reason: string };

export type ImportSummary = {
  total: number;
  imported: number;
  skipped: number;
  rejected: number;
  failed: number;
  interrupted: boolean;
  seconds: number;
};

export type ImportOptions = {
  actorId?: string | null;
  signal?: AbortSignal;
  /** One line per event; default console.log. */
  log?: (line: string) => void;
};

/** Fatal problems stop the whole run (exit code 1): missing directory, missing ffmpeg, database down. */
export class ImportFatalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ImportFatalError";
  }
}

/** Relative paths (posix separators, sorted) of the video files under `root`; hidden entries and symlinked directories are skipped. */
export async function findVideoFiles(root: string): Promise<string[]> {
  const out: string[] = [];
  async function walk(rel: string): Promise<void> {
    const entries = await readdir(path.join(root, rel), { withFileTypes: true });
    for (const entry of entries) {
      if (entry.name.startsWith(".")) continue;
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        await walk(childRel);
      } else if (entry.isFile() || entry.isSymbolicLink()) {
        const ext = path.extname(entry.name).slice(1).toLowerCase();
        if (!EXTENSIONS.has(ext)) continue;
        if (entry.isSymbolicLink()) {
          const st = await stat(path.join(root, childRel)).catch(() => null);
          if (!st?.isFile()) continue;
        }
        out.push(childRel);
      }
    }
  }
  await walk("");
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function isDatabaseDown(e: unknown): boolean {
  const x = e as { name?: unknown; code?: unknown; message?: unknown } | null;
  const text = `${String(x?.name ?? "")} ${String(x?.code ?? "")} ${String(x?.message ?? "")}`;
  return /PrismaClientInitializationError|P1001|P1002|P1017|ECONNREFUSED|SQLITE_CANTOPEN|Can't reach database/i.test(text);
}

/**
 * Imports every video file under `root` (see findVideoFiles), one at a time, each all or nothing
 * (ingest-video.ts). `Video.sourcePath` = the path relative to `root`. Re-running skips what is
 * already in the library (same SHA-256), so an interrupted run simply resumes. Before starting,
 * scratch left by killed processes and storage directories without a Video row are removed.
 */
export async function importDirectory(root: string, opts: ImportOptions = {}): Promise<ImportSummary> {
  const log = opts.log ?? ((line: string) => console.log(line));
  const started = performance.now();
  const st = await stat(root).catch(() => null);
  if (!st?.isDirectory()) throw new ImportFatalError(`${root}: not a directory`);
  await sweepStaleScratch();
  await sweepOrphanVideoDirs();
  const files = await findVideoFiles(root);
  const summary: ImportSummary = { total: files.length, imported: 0, skipped: 0, rejected: 0, failed: 0, interrupted: false, seconds: 0 };
  const width = String(files.length).length;
  log(`${files.length} video file(s) under ${root}`);
  for (let i = 0; i < files.length; i++) {
    const rel = files[i];
    const prefix = `[${String(i + 1).padStart(width)}/${files.length}] ${rel} …`;
    if (opts.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    const outcome = await importOne(root, rel, opts);
    if (outcome === "interrupted") {
      summary.interrupted = true;
      log(`${prefix} interrupted (nothing of it was kept)`);
      break;
    }
    summary[outcome.status]++;
    switch (outcome.status) {
      case "imported":
        log(`${prefix} imported${outcome.transcoded ? " (browser copy made)" : ""}${linkedNote(outcome.attached)}`);
        break;
      case "skipped":
        log(`${prefix} skipped (already imported)${linkedNote(outcome.attached)}`);
        break;
      case "rejected":
        log(`${prefix} rejected: ${outcome.reason}`);
        break;
      case "failed":
        log(`${prefix} failed: ${outcome.reason}`);
        break;
    }
  }
  summary.seconds = (performance.now() - started) / 1000;
  log(
    `${summary.interrupted ? "interrupted" : "done"}: ${summary.imported} imported, ${summary.skipped} skipped, ` +
      `${summary.rejected} rejected, ${summary.failed} failed of ${summary.total} in ${summary.seconds.toFixed(1)} s`,
  );
  return summary;
}

/** ", 2 pending items linked" when the video linked benchmark items waiting for it. */
function linkedNote(n: number): string {
  return n === 0 ? "" : `, ${plural(n, "pending item")} linked`;
}

async function importOne(root: string, rel: string, opts: ImportOptions): Promise<ImportOutcome | "interrupted"> {
  try {
    const { video, duplicate, attached } = await ingestVideo(
      { file: path.join(root, ...rel.split("/")), mode: "copy" },
      { displayName: path.posix.basename(rel), sourcePath: rel, actorId: opts.actorId ?? null, via: "import", signal: opts.signal },
    );
    const n = attached?.attached ?? 0;
    return duplicate ? { status: "skipped", videoId: video.id, attached: n } : { status: "imported", videoId: video.id, transcoded: video.transcoded, attached: n };
  } catch (e) {
    if (e instanceof IngestAbortedError || opts.signal?.aborted) return "interrupted";
    if (e instanceof VideoRejectedError) return { status: "rejected", reason: e.reason };
    if (e instanceof PlaybackCopyError) return { status: "rejected", reason: `no browser-playable copy could be made (${e.reason})` };
    if (e instanceof ToolMissingError) throw new ImportFatalError(e.message);
    if (isDatabaseDown(e)) throw new ImportFatalError(`database unavailable: ${(e as Error).message}`);
    return { status: "failed", reason: (e as Error)?.message ?? String(e) };
  }
}

/** The id of the user whose email is given (for `--actor`), or a fatal error. */
export async function actorIdByEmail(email: string): Promise<string> {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() }, select: { id: true } });
  if (!user) throw new ImportFatalError(`--actor ${email}: no user with that email`);
  return user.id;
}
