/**
 * What the workspace shell gives a benchmark's form panel (the contract between the shell and the
 * panels in `components/annotation-panels/`). The shell owns the document store (undo/redo,
 * autosave), the player and the timeline; a panel renders the task's form and changes the
 * document only through `edit`, one undoable step per call.
 */
import type { SubmitProblem, WorkspacePayload } from "@/lib/annotation/api-schemas";
import type { AnnotationDocument, FrameTime } from "@/lib/annotation/document";
import type { EditOptions } from "@/lib/annotation/workspace-store";

export type WorkspacePlayer = {
  /** Frame on screen (null before the video is ready). */
  currentFrame(): number | null;
  /** `{frame, sec}` of a frame (sec = pts[frame] - pts[0]). */
  frameTime(frame: number): FrameTime;
  /** Seeks so that exactly this frame is shown. */
  seekToFrame(frame: number): void;
  frameCount: number;
  fps: number;
  durationSec: number;
  /** Thumbnail of one frame (identities list), or null when the video has none. */
  frameThumbnailUrl(frame: number): string | null;
};

export type PanelProps<D extends AnnotationDocument = AnnotationDocument> = {
  doc: D;
  /**
   * One undoable edit: `recipe` returns the next document from the CURRENT one it is given (never
   * mutates it, never reads the rendered `doc`, which may be a render behind the keys). Edits with
   * the same `burst.merge` key in a row are one undo step (a field's typing).
   */
  edit: (label: string, recipe: (doc: D) => D, burst?: EditOptions) => void;
  readOnly: boolean;
  task: WorkspacePayload["task"];
  item: WorkspacePayload["item"];
  shownTruth: WorkspacePayload["shownTruth"];
  player: WorkspacePlayer | null;
  /** Selected mark/span/identity/query point id (shared with the timeline). */
  selectedId: string | null;
  select: (id: string | null) => void;
  /** Problems from the last submit attempt (and live checks), by document path. */
  problems: readonly SubmitProblem[];
  /** The project's workflow settings for this task (EC-Bench merge gap, activities in use). */
  settings?: WorkspacePayload["settings"];
  /**
   * Scene cuts of the task's video (first frames of new shots): null while the server is still
   * detecting them, undefined without a video.
   */
  sceneCuts?: readonly FrameTime[] | null;
  /** Why the scene cuts are not known when their detection failed for good (then `sceneCuts` is null); null otherwise. */
  sceneCutsError?: string | null;
};
