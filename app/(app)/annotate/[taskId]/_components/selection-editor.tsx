"use client";

import { DraftInput, DraftTextarea } from "@/components/annotation-panels/draft-text";
import { deleteEntity, findEntity, setEntityComment, setEntityLabel } from "@/lib/annotation/document-ops";
import type { DocumentChecks } from "@/lib/annotation/submit-rules";
import { identityKeyProblem } from "@/lib/annotation/vcbench-edits";
import type { WorkspaceState, WorkspaceStore } from "@/lib/annotation/workspace-store";
import { plural } from "@/lib/text/plural";

/** A time in the panel's units: EC-Bench whole seconds first (its precision), else the frame. */
const timeOf = (ec: boolean) => (t: { frame: number; sec: number }) => (ec ? `${Math.round(t.sec)} s (frame ${t.frame})` : `frame ${t.frame} (${t.sec.toFixed(3)} s)`);

/**
 * The selected mark / span: where it is, what is wrong with it (the workspace's one set of checks:
 * a problem blocks submitting, a warning does not), its label and comment (written as typed, one
 * undo step per burst), seek and delete.
 */
export function SelectionEditor({ store, state, seekToFrame, checks }: { store: WorkspaceStore; state: WorkspaceState; seekToFrame: (frame: number) => void; checks: DocumentChecks }) {
  const { doc, selectedId, selectedPart, readOnly } = state;
  const entity = selectedId ? findEntity(doc, selectedId) : undefined;
  if (!entity) {
    const flagged = new Set(checks.problems.flatMap((p) => (p.entityId ? [p.entityId] : []))).size;
    return (
      <p className="px-1 text-xs text-slate-500" data-testid="selection-editor">
        Nothing selected: click a mark or span on the timeline ({flagged ? `${plural(flagged, "entry", "entries")} in red must be fixed before submitting` : "nothing on it blocks submitting"}).
      </p>
    );
  }
  const fmt = timeOf(doc.benchmark === "ECBENCH");
  const problems = checks.problems.filter((p) => p.entityId === entity.id);
  const warnings = checks.warnings.filter((p) => p.entityId === entity.id);
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
  const id = entity.id;
  const commitLabel = (v: string, burst: Parameters<WorkspaceStore["edit"]>[2]) => store.edit(`${labelName.toLowerCase()} of ${entity.name}`, (d) => setEntityLabel(d, id, v), burst);
  const commitComment = (v: string, burst: Parameters<WorkspaceStore["edit"]>[2]) => store.edit(`${commentName.toLowerCase()} of ${entity.name}`, (d) => setEntityComment(d, id, v), burst);
  const validateLabel = entity.track === "identities" && doc.benchmark === "VCBENCH" ? (key: string) => identityKeyProblem(doc.identities, id, key) : undefined;

  return (
    <section className="flex flex-col gap-2 rounded-md border border-slate-200 bg-white p-3 text-sm" data-testid="selection-editor" aria-label="Selected mark or span" data-shortcut-chrome="">
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
      {problems.map((p, i) => (
        <p key={`p${i}`} className="text-red-700" data-testid="selection-issue">
          {p.message}
        </p>
      ))}
      {warnings.map((p, i) => (
        <p key={`w${i}`} className="text-amber-800" data-testid="selection-warning">
          ⚠ {p.message} (does not block submitting)
        </p>
      ))}
      {hasText && (
        <div className="grid gap-2 md:grid-cols-2">
          <label className="flex flex-col gap-1">
            <span className="text-xs text-slate-600">{labelName}</span>
            <DraftInput
              key={`${entity.id}:label`}
              value={label}
              readOnly={readOnly}
              draftName={`${labelName.toLowerCase()} of ${entity.name}`}
              validate={validateLabel}
              data-testid="selection-label"
              onCommit={commitLabel}
            />
          </label>
          <label className="flex flex-col gap-1">
            <span className="text-xs text-slate-600">{commentName}</span>
            <DraftTextarea
              key={`${entity.id}:comment`}
              value={comment}
              readOnly={readOnly}
              rows={1}
              draftName={`${commentName.toLowerCase()} of ${entity.name}`}
              data-testid="selection-comment"
              onCommit={commitComment}
            />
          </label>
        </div>
      )}
    </section>
  );
}
