"use client";

/** Small pieces every benchmark panel uses: sections, problems by field, times that seek, counts. */
import type { ReactNode } from "react";
import type { SubmitProblem } from "@/lib/annotation/api-schemas";
import type { FrameTime } from "@/lib/annotation/document";
import type { WorkspacePlayer } from "@/components/annotation-workspace/panel-props";
import { cn } from "@/components/ui/cn";
import { parseCount } from "@/lib/annotation/parse-count";
import { formatClock } from "@/lib/annotation/entity-names";
import type { EditOptions } from "@/lib/annotation/workspace-store";
import { useDraftField } from "./draft-text";

/**
 * Class of a row in a long list (marks, occurrences, identities, evidence, captions): the browser
 * skips style, layout and paint of rows out of view (content-visibility), so a document with
 * thousands of entries does not cost every animation frame while the video plays. The intrinsic
 * size is the last rendered one (a typical row height until then).
 */
export const LONG_LIST_ROW = "[content-visibility:auto] [contain-intrinsic-size:auto_2.5rem]";

/** Problems whose field is `field` or lies inside it ("occurrences[2]" matches "occurrences[2].end"). */
export function problemsAt(problems: readonly SubmitProblem[], field: string, exact = false): SubmitProblem[] {
  return problems.filter((p) => p.field === field || (!exact && (p.field.startsWith(`${field}.`) || p.field.startsWith(`${field}[`))));
}

export function FieldProblems({ problems, field, exact = false, className }: { problems: readonly SubmitProblem[]; field: string; exact?: boolean; className?: string }) {
  const list = problemsAt(problems, field, exact);
  if (list.length === 0) return null;
  return (
    // The live region wraps the list: a list's children must stay list items.
    <div role="alert">
      <ul className={cn("space-y-0.5 text-xs text-red-700", className)} data-problems-for={field}>
        {list.map((p, i) => (
          <li key={`${p.field}-${i}`}>{p.message}</li>
        ))}
      </ul>
    </div>
  );
}

export function PanelSection({ title, actions, children, testId }: { title: ReactNode; actions?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="space-y-2 rounded-md border border-slate-200 bg-white p-3" data-testid={testId}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        {/* h2: the workspace's page heading (h1) is the item; a panel's sections come right below it. */}
        <h2 className="text-sm font-semibold text-slate-800">{title}</h2>
        {actions && <div className="flex flex-wrap gap-1.5">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** m:ss.sss, the VCBench panel's clock (the same text messages use: lib/annotation/entity-names.ts). */
export const formatTime = (t: FrameTime): string => formatClock(t);

/** A time that seeks the player to exactly its frame when clicked. */
export function TimeButton({ at, player, label }: { at: FrameTime; player: WorkspacePlayer | null; label?: string }) {
  return (
    <button
      type="button"
      className="rounded px-1 font-mono text-xs text-blue-700 tabular-nums hover:bg-blue-50 disabled:text-slate-500"
      disabled={!player}
      title={`Go to frame ${at.frame}`}
      // The name holds the visible text ("0:04.000 f120") so voice control reaches the button by what it shows.
      aria-label={`${label ? `${label}: ` : ""}go to ${formatTime(at)} f${at.frame} (frame ${at.frame})`}
      data-frame={at.frame}
      onClick={() => player?.seekToFrame(at.frame)}
    >
      {formatTime(at)} <span className="text-slate-500">f{at.frame}</span>
    </button>
  );
}

/** The `{frame, sec}` of the frame on screen, or null when the video is not ready. */
export function currentTime(player: WorkspacePlayer | null): FrameTime | null {
  const f = player?.currentFrame();
  return player && f !== null && f !== undefined ? player.frameTime(f) : null;
}

/**
 * A count (a non-negative whole number, or empty = not given), written as it is typed (the
 * workspace's one draft-field mechanism, ./draft-text.tsx); other input is refused on the spot
 * with the reason, kept in the field and reported as not saved, and nothing is written.
 */
export function CountInput({
  value,
  onCommit,
  disabled,
  label,
  id,
  invalid,
}: {
  value: number | null;
  onCommit: (next: number | null, burst: EditOptions) => void;
  disabled?: boolean;
  label: string;
  id: string;
  invalid?: boolean;
}) {
  const f = useDraftField({
    value: value === null ? "" : String(value),
    name: label,
    validate: (text) => {
      const p = parseCount(text);
      return p.ok ? null : p.error;
    },
    onCommit: (text, burst) => {
      const p = parseCount(text);
      if (p.ok && p.value !== value) onCommit(p.value, burst);
    },
  });
  return (
    <span className="inline-flex flex-col">
      <input
        id={id}
        aria-label={label}
        inputMode="numeric"
        className={cn(
          "w-20 rounded-md border border-slate-300 px-2 py-1 text-sm tabular-nums focus:border-blue-500 focus:outline-none disabled:bg-slate-100",
          (f.error || invalid) && "border-red-500",
        )}
        aria-invalid={!!f.error || invalid || undefined}
        value={f.draft}
        disabled={disabled}
        onChange={(e) => f.change(e.target.value)}
        onFocus={f.onFocus}
        onBlur={f.onBlur}
        onKeyDown={(e) => {
          if (e.key === "Enter") f.endBurst();
          if (e.key === "Escape") e.currentTarget.blur();
        }}
      />
      {f.error && (
        <span className="text-xs text-red-700" role="alert">
          {f.error}
        </span>
      )}
    </span>
  );
}
