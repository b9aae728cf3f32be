"use client";

import type { WorkspacePlayer } from "@/components/annotation-workspace/panel-props";
import { panelFor } from "@/components/annotation-workspace/panel-registry";
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import type { SubmitProblem, WorkspacePayload } from "@/lib/annotation/api-schemas";
import type { AnnotationDocument } from "@/lib/annotation/document";
import type { WorkspaceState, WorkspaceStore } from "@/lib/annotation/workspace-store";
import type { ComponentType } from "react";

type Props = {
  payload: WorkspacePayload;
  store: WorkspaceStore;
  state: WorkspaceState;
  player: WorkspacePlayer | null;
  problems: readonly SubmitProblem[];
  sceneCuts?: PanelProps["sceneCuts"];
  sceneCutsError?: PanelProps["sceneCutsError"];
};

/** The benchmark's form (components/annotation-panels/, through the registry) with the shell's store. */
export function FormPanel({ payload, store, state, player, problems, sceneCuts, sceneCutsError }: Props) {
  const Panel = panelFor(state.doc.benchmark) as ComponentType<PanelProps<AnnotationDocument>> | null;
  if (!Panel) {
    return (
      <section className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-testid="form-panel-missing">
        This build has no form for {state.doc.benchmark} tasks. Marks and spans can still be placed on the timeline and are saved; the rest of the task needs the
        benchmark&apos;s form.
      </section>
    );
  }
  return (
    <section className="rounded-md border border-slate-200 bg-white p-3" data-testid="form-panel" aria-label="Task form">
      <Panel
        doc={state.doc}
        edit={(label, recipe, burst) => void store.edit(label, recipe as (d: AnnotationDocument) => AnnotationDocument, burst)}
        readOnly={state.readOnly}
        task={payload.task}
        item={payload.item}
        shownTruth={payload.shownTruth}
        player={player}
        selectedId={state.selectedId}
        select={(id) => store.select(id)}
        problems={problems}
        settings={payload.settings}
        sceneCuts={sceneCuts}
        sceneCutsError={sceneCutsError}
      />
    </section>
  );
}
