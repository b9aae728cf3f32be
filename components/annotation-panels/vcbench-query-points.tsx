"use client";

/**
 * The query-point designer: 3-8 points (1, at the window end, for O1-Delta / O2-Gain), the answer
 * at each computed live from the marks with the scorer's ground-truth rule
 * (lib/annotation/vcbench-answers.ts -> lib/metrics), O1-Snap's count typed per point, and
 * warnings that never block (lib/annotation/query-point-warnings.ts).
 */
import { useMemo } from "react";
import type { PanelProps } from "@/components/annotation-workspace/panel-props";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import type { VcbenchDocument } from "@/lib/annotation/document";
import { queryPointWarnings } from "@/lib/annotation/query-point-warnings";
import { MAX_QUERY_POINTS, MIN_QUERY_POINTS, WINDOW_SUBTYPES } from "@/lib/annotation/submit-rules";
import { computeVcbenchAnswers } from "@/lib/annotation/vcbench-answers";
import { addQueryPoint, patchQueryPoint, queryPointAtWindowEnd, removeById } from "@/lib/annotation/vcbench-edits";
import { CountInput, currentTime, FieldProblems, PanelSection, TimeButton } from "./panel-parts";

export function VcbenchQueryPoints(props: PanelProps<VcbenchDocument>) {
  const { doc, edit, readOnly, player, selectedId, select, problems, item, shownTruth, sceneCuts, sceneCutsError } = props;
  const cuts = useMemo(() => (sceneCuts ?? []).map((c) => c.sec), [sceneCuts]);
  const windowed = (WINDOW_SUBTYPES as readonly string[]).includes(doc.subtype);
  const snap = doc.subtype === "O1-Snap";
  const answers = useMemo(() => computeVcbenchAnswers(doc), [doc]);
  const warnings = useMemo(
    () =>
      queryPointWarnings({
        doc,
        durationSec: player ? player.durationSec : null,
        cuts,
        stored: shownTruth && Array.isArray(shownTruth.answer) ? { times: item.queryPoints ?? [], counts: shownTruth.answer as unknown[] } : null,
      }),
    [doc, player, cuts, shownTruth, item.queryPoints],
  );
  const general = warnings.filter((w) => w.queryPointId === null);
  const limit = windowed ? "1 point, at the window end" : `${MIN_QUERY_POINTS}-${MAX_QUERY_POINTS} points on stable frames, covering the video, near count changes`;

  return (
    <PanelSection
      title={`Query points (${doc.queryPoints.length})`}
      testId="vcbench-query-points"
      actions={
        !readOnly &&
        (windowed ? (
          <Button size="sm" disabled={!doc.window} onClick={() => edit("query point at the window end", queryPointAtWindowEnd)}>
            Place at window end
          </Button>
        ) : (
          <Button
            size="sm"
            disabled={!player}
            onClick={() => {
              const t = currentTime(player);
              if (t) edit(`query point at frame ${t.frame}`, (d) => addQueryPoint(d, t));
            }}
          >
            Add query point here
          </Button>
        ))
      }
    >
      <p className="text-xs text-slate-500">
        {limit}. {snap ? "Enter the number of objects visible at each point." : "The answer at each point is computed from your marks with the scorer's rule."}
      </p>
      {general.length > 0 && (
        <ul className="space-y-0.5 rounded border border-amber-200 bg-amber-50 px-2 py-1 text-xs text-amber-900" data-testid="query-point-warnings">
          {general.map((w, i) => (
            <li key={i}>⚠ {w.message}</li>
          ))}
        </ul>
      )}
      {sceneCuts === null && !sceneCutsError && (
        <p className="text-xs text-slate-500" data-testid="scene-cuts-pending">
          Detecting scene cuts… (points near a cut are warned about once they are known)
        </p>
      )}
      {sceneCuts === null && sceneCutsError && (
        <p className="text-xs text-amber-800" role="status" data-testid="scene-cuts-failed">
          Scene cuts could not be detected: {sceneCutsError}. Points near a cut are not warned about; an admin can retry the detection on the video&apos;s page.
        </p>
      )}
      <FieldProblems problems={problems} field="queryPoints" exact />
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-xs text-slate-500">
            <th className="w-6 font-normal">#</th>
            <th className="font-normal">Time</th>
            <th className="font-normal">{snap ? "Count" : "Answer"}</th>
            <th>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {doc.queryPoints.map((q, i) => {
            const a = answers[i];
            const own = warnings.filter((w) => w.queryPointId === q.id);
            const ownProblems = problems.filter((p) => p.field.startsWith(`queryPoints[${i}]`));
            return (
              <tr
                key={q.id}
                data-testid="query-point-row"
                data-id={q.id}
                className={cn("align-top", selectedId === q.id && "bg-blue-50")}
                onClick={() => select(q.id)}
              >
                <td className="pt-1.5 text-xs text-slate-500">{i + 1}</td>
                <td className="pt-1">
                  <TimeButton at={q.at} player={player} label={`query point ${i + 1}`} />
                  {own.map((w, k) => (
                    <div key={k} className="text-xs text-amber-800" data-testid="query-point-warning">
                      ⚠ {w.message}
                    </div>
                  ))}
                  {ownProblems.map((p, k) => (
                    <div key={`p${k}`} className="text-xs text-red-700" role="alert">
                      {p.message}
                    </div>
                  ))}
                </td>
                <td className="pt-1">
                  {snap ? (
                    <CountInput
                      id={`qp-count-${q.id}`}
                      label={`count at query point ${i + 1}`}
                      value={q.count}
                      disabled={readOnly}
                      invalid={ownProblems.some((p) => p.field.endsWith(".count"))}
                      onCommit={(count, b) => edit(`count at query point ${i + 1}`, (d) => patchQueryPoint(d, q.id, { count }), b)}
                    />
                  ) : (
                    <span className="font-semibold tabular-nums" data-testid="query-point-answer" title={a?.source === "undetermined" ? "not determined yet (set the window)" : "computed from the marks"}>
                      {a?.answer ?? "—"}
                    </span>
                  )}
                </td>
                <td className="pt-1 text-right">
                  {!readOnly && !windowed && (
                    <Button size="sm" variant="ghost" disabled={!player} onClick={() => { const t = currentTime(player); if (t) edit(`move query point ${i + 1}`, (d) => patchQueryPoint(d, q.id, { at: t })); }}>
                      Move here
                    </Button>
                  )}
                  {!readOnly && (
                    <Button size="sm" variant="ghost" aria-label={`delete query point ${i + 1}`} onClick={() => edit(`delete query point ${i + 1}`, (d) => removeById(d, q.id))}>
                      Delete
                    </Button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </PanelSection>
  );
}
