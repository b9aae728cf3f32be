"use client";

import { useMemo, useState } from "react";
import type { AdjudicationPayload, ResolveAdjudicationBody } from "@/lib/review/api-schemas";
import type { ReviewProblem } from "@/lib/review/resolve-facets";
import type { useDecisions } from "./use-decisions";

type Decisions = ReturnType<typeof useDecisions>;

/** POST resolve with the current decisions (after the draft is flushed); 422 problems name the difference or field. */
export function useResolve(payload: AdjudicationPayload, d: Decisions, onResolved: () => void) {
  const [busy, setBusy] = useState(false);
  const [problemList, setProblemList] = useState<ReviewProblem[]>([]);
  const [message, setMessage] = useState<string | null>(null);

  const problemsById = useMemo(() => new Map(problemList.filter((p) => p.differenceId).map((p) => [p.differenceId!, p.message])), [problemList]);
  const problems = useMemo(() => problemList.map((p) => p.message), [problemList]);

  async function resolve() {
    if (busy || !d.editable) return;
    setBusy(true);
    setMessage(null);
    try {
      if (d.saver) await d.saver.flush();
      const state = d.saver?.getState();
      if (state?.status === "conflict") {
        setProblemList([{ message: "The draft was changed elsewhere: choose which version to keep first." }]);
        return;
      }
      const body: ResolveAdjudicationBody = {
        baseVersion: state?.version ?? payload.version,
        picks: payload.kind === "expert" ? [] : d.picks,
        note: d.note,
        ...(payload.kind === "expert" && d.document ? { document: d.document } : {}),
      };
      const r = await fetch(`/api/adjudications/${encodeURIComponent(payload.id)}/resolve`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "same-origin",
        body: JSON.stringify(body),
      });
      const json = (await r.json().catch(() => null)) as { error?: { code?: string; message?: string; details?: { problems?: ReviewProblem[] } } } | null;
      if (r.ok) {
        setProblemList([]);
        d.saver?.stop();
        onResolved();
        return;
      }
      const err = json?.error;
      if (r.status === 422 && err?.details?.problems?.length) setProblemList(err.details.problems);
      else setProblemList([{ message: err?.message ?? `Resolve failed (${r.status}).` }]);
    } catch {
      setProblemList([{ message: "Resolve failed: no connection. Your draft is kept; try again." }]);
    } finally {
      setBusy(false);
    }
  }

  return { busy, problems, problemsById, message, setMessage, resolve };
}
