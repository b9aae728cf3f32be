import "server-only";
import { randomUUID } from "node:crypto";
import { copyFile, link, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { audit } from "@/lib/audit/audit";
import { attachPendingItems, type AttachResult } from "@/lib/benchmarks/attach-pending-items";
import { db } from "@/lib/db/prisma";
import { mediaStorage } from "@/lib/storage/media-storage";
import { decidePlayback } from "@/lib/video/browser-playable";
import { sha256File } from "@/lib/video/hash-file";
import { probeVideo, type VideoProbe } from "@/lib/video/probe-video";
import { ToolMissingError } from "@/lib/video/run-process";
import { writePtsSidecar } from "@/lib/video/pts-sidecar";
import { extensionForContainer, videoStorageKeys } from "@/lib/video/storage-paths";
import { makeThumbnail } from "@/lib/video/thumbnail";
import { checkPlaybackTiming, makePlaybackCopy } from "@/lib/video/transcode-video";
import { validateVideo } from "@/lib/video/validate-video";
import { mimeTypeForContainer, summarizeProbe, type ProbeSummary } from "./probe-summary";
import { newIngestStagingDir } from "./staging";
import { videoWithAdder, type LibraryVideo } from "./video-queries";

/**
 * Adds one file to the video library, all or nothing:
 *
 *  1. SHA-256 of the bytes; a video with the same hash already in the library is returned as is
 *     (`duplicate: true`; its `sourcePath` is filled in if it had none).
 *  2. validate + probe (lib/video/validate-video: throws VideoRejectedError naming the file and
 *     the reason: not a video, truncated, zero frames ...).
 *  3. In a local staging directory under `<data>/tmp`: the original (moved there for uploads,
 *     copied for imports), a zero-based MP4 playback copy when the original is not
 *     browser-playable (remux or transcode; its frames are checked against the original's), the
 *     PTS sidecars (`pts.bin` = original, `playback-pts.bin` = copy) and a thumbnail (best
 *     effort: a video that cannot be thumbnailed is still imported, without one).
 *  4. The staging directory is stored as `videos/<uuid>/` in the media storage (lib/storage: the
 *     local driver renames it to `<data>/videos/<uuid>`, the S3 driver uploads its files) and the
 *     Video row inserted.
 *
 * Any failure (or `signal` abort) removes everything written and inserts nothing (stored files
 * that could not be removed, e.g. with the bucket unreachable, have no row and are removed by
 * sweep-orphans.ts later). Two ingests of
 * the same bytes racing each other: the second insert hits the unique sha256, cleans up, and
 * returns the first one's video as a duplicate.
 *
 * The Video columns describe the PLAYBACK file (what browsers play and the PTS table the player
 * uses); `originalProbe` describes the original when they differ (ProbeSummary, with the
 * `mediaTimeOffset` between the two timelines).
 */

export type IngestSource = {
  file: string;
  /**
   * "move": the file is ours (an upload's temp file) and is consumed; "copy": left untouched;
   * "link": left in place and hard-linked into storage (copied across filesystems): the ingest
   * job's mode, whose upload must survive a failed or interrupted attempt for the retry.
   */
  mode: "move" | "copy" | "link";
};

export type IngestOptions = {
  /** Display name (upload header or the file's base name). */
  displayName: string;
  /** Relative path inside an imported tree (posix separators). */
  sourcePath?: string | null;
  actorId?: string | null;
  /** How it arrived, for the audit log. */
  via: "upload" | "import";
  /** Client address for the audit log (uploads). */
  ip?: string;
  signal?: AbortSignal;
  /** Progress notes ("hashing", "probing", "transcoding" ...), e.g. for the CLI. */
  onStep?: (step: IngestStep) => void;
};

export type IngestStep = "hashing" | "probing" | "copying" | "remuxing" | "transcoding" | "sidecars" | "thumbnail" | "saving";

export type IngestResult = {
  video: LibraryVideo;
  duplicate: boolean;
  /** Pending benchmark items that were linked to this video (lib/benchmarks/attach-pending-items). */
  attached?: AttachResult;
};

/** The file is a valid video but no browser-playable copy of it could be made (message user-safe). */
export class PlaybackCopyError extends Error {
  constructor(
    readonly fileName: string,
    readonly reason: string,
  ) {
    super(`${fileName}: no browser-playable copy could be made (${reason})`);
    this.name = "PlaybackCopyError";
  }
}

export class IngestAbortedError extends Error {
  constructor() {
    super("import interrupted");
    this.name = "IngestAbortedError";
  }
}

function checkAbort(signal?: AbortSignal): void {
  if (signal?.aborted) throw new IngestAbortedError();
}

async function existingDuplicate(sha256: string, sourcePath: string | null | undefined): Promise<LibraryVideo | null> {
  const found = await db.video.findUnique({ where: { sha256 }, ...videoWithAdder });
  if (!found) return null;
  if (sourcePath && !found.sourcePath) {
    return db.video.update({ where: { id: found.id }, data: { sourcePath }, ...videoWithAdder });
  }
  return found;
}

async function placeOriginal(source: IngestSource, target: string): Promise<void> {
  if (source.mode === "copy") {
    await copyFile(source.file, target);
    return;
  }
  if (source.mode === "link") {
    try {
      await link(source.file, target);
    } catch (e) {
      if (!["EXDEV", "EPERM", "ENOTSUP", "EMLINK"].includes((e as NodeJS.ErrnoException).code ?? "")) throw e;
      await copyFile(source.file, target);
    }
    return;
  }
  try {
    await rename(source.file, target);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EXDEV") throw e;
    await copyFile(source.file, target);
    await rm(source.file, { force: true });
  }
}

/**
 * lib/video messages start with the stored file's name ("playback.mp4: ...") and ffmpeg output
 * can hold server paths: keep the reason only (users know their own file's name).
 */
function stripStorageNames(message: string): string {
  return message
    .replace(/\/[^\s:;,()'"]*\/([^\s/:;,()'"]+)/g, "$1")
    .replace(/^(\.tmp-[0-9a-f-]+)?[\w.-]*\.(mp4|mkv|mov|webm|avi|ts|bin):\s*/, "").slice(0, 300);
}

function isUniqueViolation(e: unknown): boolean {
  return (e as { code?: unknown } | null)?.code === "P2002";
}

/**
 * Ingests the file (above), then links the benchmark items that were waiting for this video
 * (by name or path; their query times and spans get frame indices). A failure to link is logged
 * and leaves the items pending; the video stays in the library.
 */
export async function ingestVideo(source: IngestSource, opts: IngestOptions): Promise<IngestResult> {
  try {
    const result = await ingest(source, opts);
    try {
      result.attached = await attachPendingItems(result.video.id);
    } catch (e) {
      console.warn(`[playhead] linking pending items to video ${result.video.id} failed: ${(e as Error).message}`);
    }
    return result;
  } finally {
    // An upload's temp file is ours whatever happened (already moved away when all went well).
    if (source.mode === "move") await rm(source.file, { force: true });
  }
}

async function ingest(source: IngestSource, opts: IngestOptions): Promise<IngestResult> {
  const { signal } = opts;
  const step = (name: IngestStep) => {
    opts.onStep?.(name);
    checkAbort(signal);
  };
  checkAbort(signal);
  step("hashing");
  const sha256 = await sha256File(source.file);
  checkAbort(signal);
  const dup = await existingDuplicate(sha256, opts.sourcePath);
  if (dup) return { video: dup, duplicate: true };

  step("probing");
  const probe = await validateVideo(source.file, { displayName: opts.displayName });
  checkAbort(signal);

  const storageKey = randomUUID();
  const keys = videoStorageKeys(storageKey);
  const storage = mediaStorage();
  const staging = await newIngestStagingDir();
  const nameOf = (key: string) => path.posix.basename(key);
  const inStaging = (key: string) => path.join(staging, nameOf(key));
  let stored = false;
  try {
    const ext = extensionForContainer(probe.containerKind);
    const originalName = nameOf(keys.original(ext));
    const original = path.join(staging, originalName);
    step("copying");
    await placeOriginal(source, original);
    checkAbort(signal);

    const decision = decidePlayback(probe);
    let playback: { file: string; probe: VideoProbe; ptsFile: string } = {
      file: originalName,
      probe: { ...probe, file: original },
      ptsFile: nameOf(keys.ptsTable),
    };
    let originalProbe: ProbeSummary | null = null;
    if (decision.action !== "direct") {
      step(decision.action === "remux" ? "remuxing" : "transcoding");
      const copyFile_ = inStaging(keys.playback);
      let copyProbe: VideoProbe;
      let mediaTimeOffset: number;
      try {
        await makePlaybackCopy(original, probe, copyFile_, decision.action);
        checkAbort(signal);
        copyProbe = await probeVideo(copyFile_);
        ({ mediaTimeOffset } = checkPlaybackTiming(probe, copyProbe));
      } catch (e) {
        if (e instanceof IngestAbortedError || e instanceof ToolMissingError) throw e;
        throw new PlaybackCopyError(opts.displayName, stripStorageNames((e as Error).message));
      }
      const again = decidePlayback(copyProbe);
      if (again.action !== "direct") {
        throw new PlaybackCopyError(opts.displayName, `the copy is still not playable: ${again.reasons.join("; ")}`);
      }
      playback = { file: nameOf(keys.playback), probe: copyProbe, ptsFile: nameOf(keys.playbackPtsTable) };
      originalProbe = summarizeProbe(probe, {
        file: originalName,
        playbackAction: decision.action,
        playbackReasons: decision.reasons,
        mediaTimeOffset,
        ptsFile: nameOf(keys.ptsTable),
      });
    }

    step("sidecars");
    await writePtsSidecar(inStaging(keys.ptsTable), probe.ptsTable);
    if (originalProbe) await writePtsSidecar(path.join(staging, playback.ptsFile), playback.probe.ptsTable);
    checkAbort(signal);

    step("thumbnail");
    let thumbnailFile: string | null = nameOf(keys.thumbnail);
    try {
      await makeThumbnail(path.join(staging, playback.file), playback.probe.duration, inStaging(keys.thumbnail));
    } catch (e) {
      console.warn(`[playhead] ${opts.displayName}: no thumbnail (${(e as Error).message})`);
      thumbnailFile = null;
    }
    checkAbort(signal);

    step("saving");
    const playbackSize = (await stat(path.join(staging, playback.file))).size;
    stored = true;
    await storage.putDirectory(keys.prefix, staging, { move: true });
    const p = playback.probe;
    try {
      const video = await db.video.create({
        data: {
          sha256,
          originalName: opts.displayName,
          sourcePath: opts.sourcePath ?? null,
          storageKey,
          originalFile: originalName,
          playbackFile: playback.file,
          transcoded: originalProbe !== null,
          status: "READY",
          sizeBytes: BigInt(playbackSize),
          mimeType: mimeTypeForContainer(p.containerKind),
          container: p.container,
          videoCodec: p.videoCodec,
          audioCodec: p.audioCodec,
          width: p.width,
          height: p.height,
          durationSec: p.duration,
          avgFrameRate: p.avgFrameRate.text,
          nominalFrameRate: p.nominalFrameRate.text,
          frameCount: p.frameCount,
          firstPtsSec: p.firstPts,
          timeBase: p.timeBase.text,
          variableFrameRate: p.variableFrameRate,
          ptsFile: playback.ptsFile,
          thumbnailFile,
          originalProbe: originalProbe ?? undefined,
          addedById: opts.actorId ?? null,
        },
        ...videoWithAdder,
      });
      await audit({
        actorId: opts.actorId ?? null,
        action: opts.via === "upload" ? "video.upload" : "video.import",
        targetType: "Video",
        targetId: video.id,
        ip: opts.ip,
        details: { name: opts.displayName, sourcePath: opts.sourcePath ?? null, sha256, transcoded: video.transcoded },
      }).catch((e: unknown) => console.warn(`[playhead] audit log entry for video ${video.id} failed: ${(e as Error).message}`));
      return { video, duplicate: false };
    } catch (e) {
      if (isUniqueViolation(e)) {
        await storage.deletePrefix(keys.prefix);
        stored = false;
        const winner = await existingDuplicate(sha256, opts.sourcePath);
        if (winner) return { video: winner, duplicate: true };
      }
      throw e;
    }
  } catch (e) {
    if (stored) {
      await storage.deletePrefix(keys.prefix).catch((err: unknown) =>
        console.warn(`[playhead] files of the failed ingest ${storageKey} were not all removed (swept later): ${(err as Error).message}`),
      );
    }
    await rm(staging, { recursive: true, force: true });
    throw e;
  }
}
