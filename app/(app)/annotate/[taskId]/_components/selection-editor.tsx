"use client";

import { useMemo } from "react";
import { deleteEntity, findEntity, orderIssues, setEntityComment, setEntityLabel } from "@/lib/annotation/document-ops";
import type { WorkspaceState, WorkspaceStore } from "@/lib/annotation/workspace-store";

const fmt = (t: { frame: number; sec: number }) => `frame ${t.frame} (${t.sec.toFixed(3)} s)`;

/**
 * The selected mark / span: where it is, what is wrong with it (out of order, overlapping), its
 * label and comment (committed on Enter / leaving the field: one undo step each), seek and delete.
 */
export function SelectionEditor({ store, state, seekToFrame }: { store: WorkspaceStore; state: WorkspaceState; seekToFrame: (frame: number) => void }) {
  const { doc, selectedId, selectedPart, readOnly } = state;
  const entity = selectedId ? findEntity(doc, selectedId) : undefined;
  const issues = useMemo(() => orderIssues(doc), [doc]);
  if (!entity) {
    return (
      <p className="px-1 text-xs text-slate-500" data-testid="selection-editor">
        Nothing selected: click a mark or span on the timeline ({issues.size ? `${issues.size} highlighted in red need a look` : "none out of order or overlapping"}).
      </p>
    );
  }
  const issue = issues.get(entity.id);
  const hasText = entity.track !== "queryPoints" && entity.track !== "window";
  const labelName = entity.track === "identities" ? "Name" : "Label";
  const commentName = entity.track === "identities" ? "Note" : "Comment";
  const comment = (() => {
    if (doc.benchmark === "ECBENCH") return doc.evidence.find((s) => s.id === entity.id)?.comment ?? "";
    if (doc.benchmark !== "VCBENCH") return "";
    if (entity.track === "identities") return doc.identities.find((d) => d.id === entity.id)?.note ?? "";
    if (entity.track === "moments") return doc.moments.find((m) => m.id === entity.id)?.comment ?? "";
    if (entity.track === "occurrences") return doc.occurrences.find((o) => o.id === entity.id)?.comment ?? "";
    if (entity.track === "splits") return doc.occurrences.flatMap((o) => o.splits).find((s) => s.id === entity.id)?.comment ?? "";
    return "";
  })();
  const label = entity.track === "identities" ? entity.name : entity.label;
  const commitLabel = (v: string) => store.edit(`${labelName.toLowerCase()} of ${entity.name}`, (d) => setEntityLabel(d, entity.id, v));
  const commitComment = (v: string) => store.edit(`${commentName.toLowerCase()} of ${entity.name}`, (d) => setEntityComment(d, entity.id, v));

  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm" data-testid="selection-editor" aria-label="Selected mark or span">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <strong data-testid="selection-name">{entity.name}</strong>
        {entity.kind === "mark" ? (
          <span data-testid="selection-frames">{fmt(entity.start)}</span>
        ) : (
          <span data-testid="selection-frames">
            <span className={selectedPart === "start" ? "font-semibold underline" : undefined}>{fmt(entity.start)}</span> →{" "}
            <span className={selectedPart === "end" ? "font-semibold underline" : undefined}>{entity.end ? fmt(entity.end) : "end not set (press o)"}</span>
          </span>
        )}
        <button type="button" className="rounded border px-2 py-0.5 text-xs" onClick={() => seekToFrame(selectedPart === "end" && entity.end ? entity.end.frame : entity.start.frame)}>
          Go to {selectedPart === "end" ? "end" : entity.kind === "span" ? "start" : "frame"}
        </button>
        {!readOnly && (
          <button
            type="button"
            className="rounded border border-red-300 px-2 py-0.5 text-xs text-red-700"
            onClick={() => {
              if (store.edit("delete", (d) => deleteEntity(d, entity.id))) store.select(null);
            }}
          >
            Delete
          </button>
        )}
      </div>
      {issue && (
        <p className="text-red-700" data-testid="selection-issue">
          {entity.name} {issue}
        </p>
      )}
      {hasText && (
        <div className="grid gap-2 md:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="text-xs text-slate-600">{labelName}</span>
            <input
              key={`${entity.id}:label:${label}`}
              defaultValue={label}
              readOnly={readOnly}
              className="rounded border px-2 py-1"
              data-testid="selection-label"
              onBlur={(e) => commitLabel(e.currentTarget.value)}
              onKeyDown={(e) => {
                if (e.key === "Enter") e.currentTarget.blur();
              }}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs text-slate-600">{commentName}</span>
            <textarea
              key={`${entity.id}:comment:${comment}`}
              defaultValue={comment}
              readOnly={readOnly}
              rows={1}
              className="rounded border px-2 py-1"
              data-testid="selection-comment"
              onBlur={(e) => commitComment(e.currentTarget.value)}
            />
          </label>
        </div>
      )}
    </section>
  );
}
