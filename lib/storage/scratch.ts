import "server-only";
import { randomUUID } from "node:crypto";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import { dataDir } from "@/lib/config/data-dir";
import { resolveInside } from "./safe-path";

/**
 * Local scratch space, `<data>/tmp`, whatever the storage driver: ffmpeg and ffprobe work on local
 * files, so uploads are received, videos prepared and segments cut here, then stored (the local
 * driver renames them into place: same filesystem, atomic). Names carry their owner:
 *
 *   upload-<host>-<pid>-<uuid>.part   request body being received
 *   ingest-<host>-<pid>-<uuid>/       a video being prepared (original, copy, sidecars, thumbnail)
 *   work-<host>-<pid>-<uuid>/         other work in progress (segmenting, a frame image)
 *   cache-<host>-<pid>-<uuid>/        the S3 driver's local copies of stored videos (for ffmpeg)
 *
 * so that lib/video-library/staging.ts `sweepStaleScratch` can remove what a killed process left
 * behind (owner on this host no longer running) without touching work in progress.
 */
export type ScratchKind = "upload" | "ingest" | "work" | "cache";

export const SCRATCH_HOST = os.hostname().replace(/[^A-Za-z0-9]/g, "").slice(0, 32) || "host";
export const SCRATCH_NAME = /^(upload|ingest|work|cache)-([A-Za-z0-9]+)-(\d+)-[0-9a-f-]{36}(\.part)?$/;

/** `<data>/tmp` (not created). */
export function scratchRoot(root: string = dataDir()): string {
  return resolveInside(root, "tmp");
}

export function scratchName(kind: ScratchKind, suffix = ""): string {
  return `${kind}-${SCRATCH_HOST}-${process.pid}-${randomUUID()}${suffix}`;
}

/** Creates `<data>/tmp` when needed and returns it. */
export async function ensureScratchRoot(): Promise<string> {
  const dir = scratchRoot();
  await mkdir(dir, { recursive: true });
  return dir;
}

/** A new, empty scratch directory of this process. */
export async function newScratchDir(kind: Exclude<ScratchKind, "upload">): Promise<string> {
  const dir = resolveInside(await ensureScratchRoot(), scratchName(kind));
  await mkdir(dir);
  return dir;
}
