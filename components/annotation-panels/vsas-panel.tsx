"use client";

/**
 * VSAS-Bench 1 FPS caption review: the per-second captions in a list synced to the video. The
 * current second is highlighted by a requestAnimationFrame loop that reads the player and moves a
 * DOM attribute (no React render per frame); the keyboard walks second to second (shortcuts from
 * lib/player/shortcuts.ts, off while typing); a caption is edited in place, marked corrected, or
 * flagged as inconsistent with the neighbouring second. Each change is one undoable edit.
 *
 * The current caption is COMMITTED state (`currentRef`): set by a key, a click, or the playhead
 * moving to another caption, and never reset while the list re-renders (repainting the highlight
 * is separate), so keys pressed faster than animation frames act on the caption the annotator is
 * on, never on a placeholder.
 */
import { memo, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { PanelProps, WorkspacePlayer } from "@/components/annotation-workspace/panel-props";
import { cn } from "@/components/ui/cn";
import {
  captionIndexBySecond,
  captionRate,
  captionSecondAt,
  captionStartSec,
  captionSummary,
  originalCaptions,
  setCaptionText,
  stepCaption,
  toggleCaptionCorrected,
  toggleInconsistency,
} from "@/lib/annotation/caption-review";
import type { CaptionReview, VsasDocument } from "@/lib/annotation/document";
import { firstFrameAtOrAfter } from "@/lib/annotation/frame-at-sec";
import { CAPTION_REVIEW_SHORTCUTS, captionReviewShortcuts, displayCombo, handleShortcutKey } from "@/lib/player/shortcuts";
import type { EditOptions } from "@/lib/annotation/workspace-store";
import { plural } from "@/lib/text/plural";
import { DraftTextarea, useDraftField, type DraftCommit } from "./draft-text";
import { FieldProblems, PanelSection, LONG_LIST_ROW } from "./panel-parts";

const CURRENT = "data-current";
/** Longest wait for a seek to show its frame before the playhead is followed again anyway. */
const SEEK_LANDS_MS = 1_000;
const NO_PROBLEMS: string[] = [];
/** The list's own keys, declared so the workspace's page-wide shortcuts leave them to it. */
const CAPTION_KEYS = CAPTION_REVIEW_SHORTCUTS.flatMap((s) => s.keys).join(" ");

function frameOfSecond(player: WorkspacePlayer, second: number, rate: number): number {
  return firstFrameAtOrAfter(captionStartSec(second, rate), player.frameCount, (f) => player.frameTime(f));
}

export function VsasPanel({ doc, edit: editProp, readOnly, player, problems, item, shownTruth }: PanelProps<VsasDocument>) {
  // The shell may pass a new `edit` on every render: keep the row callbacks stable (rows are memoised).
  const editRef = useRef(editProp);
  editRef.current = editProp;
  const edit = useCallback<typeof editProp>((label, recipe) => editRef.current(label, recipe), []);
  const rate = captionRate(item.presentation);
  const original = useMemo(() => (shownTruth ? originalCaptions(shownTruth.answer, rate) : null), [shownTruth, rate]);
  const lookup = useMemo(() => captionIndexBySecond(doc.captions), [doc.captions]);
  const summary = captionSummary(doc, original);
  const listRef = useRef<HTMLOListElement>(null);
  /** The caption the keys act on (committed; -1 = none yet). */
  const currentRef = useRef(-1);
  /** The caption the playhead was last seen on (so a still playhead does not override a key). */
  const playheadRef = useRef<number | null>(null);
  /**
   * The frame a key or click just sought to, until the player shows it (at most SEEK_LANDS_MS):
   * meanwhile the player still reports the frame of an earlier seek, and taking that for a move of
   * the playhead would make an older caption current again under the keys that follow.
   */
  const seekingRef = useRef<{ frame: number; until: number } | null>(null);
  const captionsRef = useRef(doc.captions);
  captionsRef.current = doc.captions;
  const [editing, setEditing] = useState<number | null>(null);
  const [follow, setFollow] = useState(true);
  const followRef = useRef(follow);
  followRef.current = follow;

  /** Paints the highlight (DOM only) on the current caption; scrolls it into view when asked. */
  const paint = useCallback((scroll: boolean) => {
    const list = listRef.current;
    if (!list) return;
    const index = currentRef.current;
    const row = index >= 0 ? (list.querySelector(`[data-index="${index}"]`) as HTMLElement | null) : null;
    const old = list.querySelector(`[${CURRENT}]`);
    if (old !== row) old?.removeAttribute(CURRENT);
    if (row && !row.hasAttribute(CURRENT)) row.setAttribute(CURRENT, "");
    if (row && scroll) row.scrollIntoView({ block: "nearest" });
    list.dataset.currentIndex = String(index);
  }, []);

  /** Makes caption `index` the current one (committed at once) and paints it. */
  const highlight = useCallback(
    (index: number, scroll: boolean) => {
      if (index === currentRef.current) return;
      currentRef.current = index;
      paint(scroll);
    },
    [paint],
  );

  // After every render the rows may be new: repaint the highlight (the current caption stays).
  useEffect(() => paint(false));

  // The playhead -> current caption, every animation frame, outside React: only when the playhead
  // moves to another caption (a key's choice is never undone by a playhead standing still).
  useEffect(() => {
    if (!player) return;
    let raf = 0;
    const tick = () => {
      const f = player.currentFrame();
      const seeking = seekingRef.current;
      if (seeking && (f === seeking.frame || performance.now() > seeking.until)) seekingRef.current = null;
      if (f !== null && !seekingRef.current) {
        const at = lookup(captionSecondAt(player.frameTime(f).sec, rate));
        if (at !== playheadRef.current) {
          playheadRef.current = at;
          highlight(at, followRef.current);
        }
      }
      raf = requestAnimationFrame(tick);
    };
    raf = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(raf);
  }, [player, lookup, rate, highlight]);

  const seekToCaption = useCallback(
    (index: number) => {
      const c = captionsRef.current[index];
      if (!c) return;
      highlight(index, true);
      if (player) {
        const frame = frameOfSecond(player, c.second, rate);
        // The playhead is about to stand on this caption: that is not a move away from the key's choice.
        playheadRef.current = lookup(captionSecondAt(player.frameTime(frame).sec, rate));
        seekingRef.current = { frame, until: performance.now() + SEEK_LANDS_MS };
        player.seekToFrame(frame);
      }
    },
    [player, rate, highlight, lookup],
  );

  const controls = {
    step: (delta: number) => seekToCaption(stepCaption(captionsRef.current, currentRef.current, delta)),
    editCurrent: () => {
      if (!readOnly && currentRef.current >= 0) setEditing(currentRef.current);
    },
    toggleCorrected: () => {
      const i = currentRef.current;
      if (!readOnly && i >= 0) edit(`second ${captionsRef.current[i]?.second}: corrected`, (d) => toggleCaptionCorrected(d, i));
    },
    flag: (side: "previous" | "next") => {
      const i = currentRef.current;
      if (!readOnly && i >= 0) edit(`second ${captionsRef.current[i]?.second}: inconsistent with ${side}`, (d) => toggleInconsistency(d, i, side));
    },
  };

  const commitText = useCallback((index: number, text: string, burst: EditOptions) => edit("caption text", (d) => setCaptionText(d, index, text), burst), [edit]);
  const toggleCorrectedAt = useCallback((index: number) => edit("caption corrected", (d) => toggleCaptionCorrected(d, index)), [edit]);
  const flagAt = useCallback((index: number, side: "previous" | "next") => edit(`caption inconsistent with ${side}`, (d) => toggleInconsistency(d, index, side)), [edit]);
  const problemsByIndex = useMemo(() => {
    const m = new Map<number, string[]>();
    for (const p of problems) {
      const hit = /^captions\[(\d+)\]/.exec(p.field);
      if (hit) m.set(Number(hit[1]), [...(m.get(Number(hit[1])) ?? []), p.message]);
    }
    return m;
  }, [problems]);
  const stopEditing = useCallback(() => {
    setEditing(null);
    listRef.current?.focus();
  }, []);
  const startEditing = useCallback(
    (index: number) => {
      highlight(index, false);
      setEditing(index);
    },
    [highlight],
  );

  return (
    <div className="space-y-3" data-testid="vsas-panel">
      <PanelSection
        title="Captions, one per second"
        testId="vsas-captions"
        actions={
          <label className="flex items-center gap-1 text-xs text-slate-600">
            <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} /> follow the video
          </label>
        }
      >
        <p className="text-xs text-slate-600" data-testid="vsas-summary">
          {plural(summary.total, "caption")} · {summary.corrected} corrected · {summary.edited} edited · {summary.flagged} flagged
        </p>
        <p className="text-xs text-slate-500">
          {CAPTION_REVIEW_SHORTCUTS.map((s) => `${s.keys.map(displayCombo).join("/")} ${s.description.toLowerCase()}`).join(" · ")}. Click the list first.
        </p>
        <FieldProblems problems={problems} field="captions" exact />
        <ol
          ref={listRef}
          tabIndex={0}
          aria-label="captions"
          aria-keyshortcuts={CAPTION_REVIEW_SHORTCUTS.flatMap((s) => s.keys).join(" ")}
          data-testid="caption-list"
          className="max-h-[28rem] divide-y divide-slate-100 overflow-y-auto rounded border border-slate-200 outline-none focus-visible:ring-2 focus-visible:ring-blue-500/40"
          onKeyDown={(e) => {
            if (handleShortcutKey(captionReviewShortcuts, controls, e.nativeEvent)) {
              e.preventDefault();
              e.stopPropagation();
            }
          }}
        >
          {doc.captions.map((c, i) => (
            <CaptionRow
              key={c.second}
              caption={c}
              index={i}
              originalText={original?.get(c.second)}
              editing={editing === i}
              readOnly={readOnly}
              problems={problemsByIndex.get(i) ?? NO_PROBLEMS}
              onSeek={seekToCaption}
              onStartEdit={startEditing}
              onCommitText={commitText}
              onStopEdit={stopEditing}
              onToggleCorrected={toggleCorrectedAt}
              onFlag={flagAt}
            />
          ))}
        </ol>
      </PanelSection>
      <PanelSection title="Notes">
        <DraftTextarea aria-label="notes" rows={2} maxLength={10_000} value={doc.notes} disabled={readOnly} onCommit={(notes, b) => edit("notes", (x) => ({ ...x, notes }), b)} />
      </PanelSection>
    </div>
  );
}

type RowProps = {
  caption: CaptionReview;
  index: number;
  originalText: string | undefined;
  editing: boolean;
  readOnly: boolean;
  problems: string[];
  onSeek: (index: number) => void;
  onStartEdit: (index: number) => void;
  onCommitText: (index: number, text: string, burst: EditOptions) => void;
  onStopEdit: () => void;
  onToggleCorrected: (index: number) => void;
  onFlag: (index: number, side: "previous" | "next") => void;
};

const CaptionRow = memo(function CaptionRow({ caption: c, index, originalText, editing, readOnly, problems, onSeek, onStartEdit, onCommitText, onStopEdit, onToggleCorrected, onFlag }: RowProps) {
  const edited = originalText !== undefined && originalText !== c.text;
  return (
    <li
      data-index={index}
      data-second={c.second}
      data-testid="caption-row"
      className={cn("group flex gap-2 px-2 py-1 text-sm data-[current]:bg-yellow-50 data-[current]:ring-1 data-[current]:ring-yellow-300", LONG_LIST_ROW)}
    >
      <button type="button" tabIndex={-1} className="w-12 shrink-0 text-left font-mono text-xs text-blue-700 hover:underline" onClick={() => onSeek(index)} aria-label={`${c.second} s: go to second ${c.second}`}>
        {c.second} s
      </button>
      <div className="min-w-0 flex-1">
        {editing ? (
          <CaptionEditor text={c.text} onCommit={(t, b) => onCommitText(index, t, b)} onDone={onStopEdit} second={c.second} />
        ) : (
          <p
            className={cn("cursor-text whitespace-pre-wrap", !c.text.trim() && "italic text-red-700")}
            data-testid="caption-text"
            onDoubleClick={() => !readOnly && onStartEdit(index)}
            onClick={() => onSeek(index)}
          >
            {c.text || "(empty)"}
          </p>
        )}
        {edited && <p className="text-xs text-slate-500">was: {originalText}</p>}
        {problems.map((m, k) => (
          <p key={k} className="text-xs text-red-700" role="alert">
            {m}
          </p>
        ))}
      </div>
      <div className="flex shrink-0 items-start gap-1 text-xs">
        {!readOnly && !editing && (
          <button type="button" tabIndex={-1} className="rounded px-1 text-slate-600 hover:bg-slate-100" onClick={() => onStartEdit(index)} aria-label={`edit second ${c.second}`}>
            Edit
          </button>
        )}
        <label className="flex items-center gap-0.5" title="Reviewed and corrected">
          <input type="checkbox" tabIndex={-1} checked={c.corrected} disabled={readOnly} onChange={() => onToggleCorrected(index)} aria-label={`second ${c.second} corrected`} />
          ✓
        </label>
        <button
          type="button"
          tabIndex={-1}
          disabled={readOnly}
          aria-pressed={c.inconsistentWith === "previous"}
          aria-label={`second ${c.second} inconsistent with the previous second`}
          className={cn("rounded px-1", c.inconsistentWith === "previous" ? "bg-amber-200 text-amber-900" : "text-slate-500 hover:bg-slate-100")}
          onClick={() => onFlag(index, "previous")}
        >
          ≠↑
        </button>
        <button
          type="button"
          tabIndex={-1}
          disabled={readOnly}
          aria-pressed={c.inconsistentWith === "next"}
          aria-label={`second ${c.second} inconsistent with the next second`}
          className={cn("rounded px-1", c.inconsistentWith === "next" ? "bg-amber-200 text-amber-900" : "text-slate-500 hover:bg-slate-100")}
          onClick={() => onFlag(index, "next")}
        >
          ≠↓
        </button>
      </div>
    </li>
  );
});

/**
 * In-place editor (the workspace's one draft-field mechanism, ./draft-text.tsx): every keystroke is
 * written at once, one undo step per burst; Enter leaves, Shift+Enter a new line, Esc or leaving
 * the field leaves.
 */
function CaptionEditor({ text, second, onCommit, onDone }: { text: string; second: number; onCommit: DraftCommit; onDone: () => void }) {
  const f = useDraftField({ value: text, onCommit, name: `caption of second ${second}` });
  const ref = useRef<HTMLTextAreaElement>(null);
  const done = useRef(false);
  useEffect(() => {
    ref.current?.focus();
    ref.current?.select();
  }, []);
  const finish = () => {
    if (done.current) return;
    done.current = true;
    f.endBurst();
    onDone();
  };
  return (
    <textarea
      ref={ref}
      aria-label={`caption of second ${second}`}
      className="block w-full rounded border border-blue-400 px-1 py-0.5 text-sm focus:outline-none focus:ring-2 focus:ring-blue-500/30"
      rows={2}
      maxLength={5000}
      value={f.draft}
      onChange={(e) => f.change(e.target.value)}
      onFocus={f.onFocus}
      onBlur={() => {
        f.onBlur();
        finish();
      }}
      onKeyDown={(e) => {
        if ((e.key === "Enter" && !e.shiftKey) || e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish();
        }
      }}
    />
  );
}
