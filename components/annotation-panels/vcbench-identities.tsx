"use client";

/** O2-Unique / O2-Gain: one identity per distinct individual: id (key), note, first-appearance frame with its thumbnail. */
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { newId } from "@/lib/annotation/new-id";
import { addIdentity, duplicateIdentityKeys, identityKeyProblem, patchIdentity, removeById } from "@/lib/annotation/vcbench-edits";
import { DraftInput } from "./draft-text";
import { currentTime, FieldProblems, PanelSection, TimeButton, LONG_LIST_ROW } from "./panel-parts";

export function VcbenchIdentities(props: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, player, selectedId, select, problems } = props;
  const dup = duplicateIdentityKeys(doc.identities);
  const w = doc.window;
  return (
    <PanelSection
      title={`Individuals (${doc.identities.length})`}
      testId="vcbench-identities"
      actions={
        !readOnly && (
          <Button
            size="sm"
            disabled={!player}
            onClick={() => {
              const t = currentTime(player);
              if (!t) return;
              // Selected at once, as the M key does: the nudge keys and the timeline act on the new one.
              const id = newId("id", doc.identities);
              edit(`new individual at frame ${t.frame}`, (d) => addIdentity(d, t, id));
              select(id);
            }}
          >
            New individual first seen here
          </Button>
        )
      }
    >
      <p className="text-xs text-slate-500">Give each distinct individual one id and the frame where it first appears (judge identity by appearance, colour and shape).</p>
      <FieldProblems problems={problems} field="identities" exact />
      <ol className="space-y-1">
        {doc.identities.map((x, i) => {
          const thumb = player?.frameThumbnailUrl(x.firstAppearance.frame) ?? null;
          const inWindow = w ? x.firstAppearance.sec >= w.start.sec && x.firstAppearance.sec <= w.end.sec : null;
          return (
            <li
              key={x.id}
              data-testid="identity-row"
              data-id={x.id}
              className={cn(LONG_LIST_ROW, "flex gap-2 rounded border border-slate-100 p-1.5", selectedId === x.id && "border-blue-300 bg-blue-50")}
              onClick={() => select(x.id)}
            >
              <button
                type="button"
                className="h-14 w-24 shrink-0 overflow-hidden rounded bg-slate-200 text-xs text-slate-500"
                title={`Go to frame ${x.firstAppearance.frame}`}
                aria-label={`first appearance of ${x.key}: go to frame ${x.firstAppearance.frame}`}
                disabled={!player}
                onClick={() => player?.seekToFrame(x.firstAppearance.frame)}
              >
                {thumb ? (
                  // eslint-disable-next-line @next/next/no-img-element -- a frame image from the media API, not a static asset
                  <img src={thumb} alt={`frame ${x.firstAppearance.frame}`} loading="lazy" className="h-full w-full object-cover" data-testid="identity-thumbnail" />
                ) : (
                  `frame ${x.firstAppearance.frame}`
                )}
              </button>
              <div className="min-w-0 flex-1 space-y-1">
                <div className="flex flex-wrap items-center gap-2">
                  <DraftInput
                    className="w-32"
                    aria-label={`id of individual ${i + 1}`}
                    value={x.key}
                    maxLength={100}
                    disabled={readOnly}
                    invalid={dup.has(x.id)}
                    validate={(key) => identityKeyProblem(doc.identities, x.id, key)}
                    onCommit={(key, b) => edit(`rename individual ${i + 1}`, (d) => patchIdentity(d, x.id, { key: key.trim() }), b)}
                  />
                  <TimeButton at={x.firstAppearance} player={player} label={`first appearance of ${x.key}`} />
                  {inWindow === false && doc.subtype === "O2-Gain" && <span className="text-xs text-slate-500">before/after the window (not counted)</span>}
                  {dup.has(x.id) && <span className="text-xs text-red-700">same id as {dup.get(x.id)}</span>}
                </div>
                <DraftInput
                  placeholder="note (optional)"
                  aria-label={`note of individual ${i + 1}`}
                  value={x.note}
                  maxLength={2000}
                  disabled={readOnly}
                  onCommit={(note, b) => edit(`note on individual ${i + 1}`, (d) => patchIdentity(d, x.id, { note }), b)}
                />
                {!readOnly && (
                  <div className="flex gap-1">
                    <Button size="sm" variant="ghost" disabled={!player} onClick={() => { const t = currentTime(player); if (t) edit(`first appearance of ${x.key}`, (d) => patchIdentity(d, x.id, { firstAppearance: t })); }}>
                      First seen here
                    </Button>
                    <Button size="sm" variant="ghost" aria-label={`delete individual ${x.key}`} onClick={() => edit(`delete individual ${x.key}`, (d) => removeById(d, x.id))}>
                      Delete
                    </Button>
                  </div>
                )}
                <FieldProblems problems={problems} field={`identities[${i}]`} />
              </div>
            </li>
          );
        })}
      </ol>
    </PanelSection>
  );
}
