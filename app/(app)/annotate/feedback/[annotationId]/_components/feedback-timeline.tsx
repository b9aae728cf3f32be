import type { TimelineRow } from "@/lib/review/feedback-summary";

const ROW = 22;
const LABEL = 150;
const WIDTH = 900;

/** The annotator's marks and spans and the final ones, one row each per facet, over the whole video. */
export function FeedbackTimeline({ rows, frameCount, fps }: { rows: TimelineRow[]; frameCount: number; fps: number }) {
  if (rows.length === 0) return <p className="text-sm text-slate-500">This benchmark has no marks or spans on the timeline.</p>;
  const x = (frame: number) => LABEL + ((WIDTH - LABEL - 10) * frame) / Math.max(1, frameCount - 1);
  const seconds = (frame: number) => `${(frame / fps).toFixed(2)} s (frame ${frame})`;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${rows.length * ROW + 24}`} className="w-full" role="img" aria-label="Your marks and the final marks on the video's timeline" data-testid="feedback-timeline">
      {rows.map((r, i) => {
        const y = i * ROW + 4;
        const colour = r.who === "yours" ? "#2563eb" : "#16a34a";
        return (
          <g key={`${r.facet}-${r.who}`} data-who={r.who} data-facet={r.facet}>
            <text x={0} y={y + 14} fontSize={11} fill="#334155">
              {r.facet} · {r.who}
            </text>
            <rect x={LABEL} y={y + 4} width={WIDTH - LABEL - 10} height={ROW - 8} fill="#f1f5f9" />
            {r.spans.map(([s, e], j) => (
              <rect key={`s${j}`} x={x(s)} y={y + 5} width={Math.max(2, x(e) - x(s))} height={ROW - 10} fill={colour} opacity={0.5}>
                <title>{`${seconds(s)} – ${seconds(e)}`}</title>
              </rect>
            ))}
            {r.marks.map((m, j) => (
              <rect key={`m${j}`} x={x(m) - 1} y={y + 2} width={3} height={ROW - 4} fill={colour} data-frame={m}>
                <title>{seconds(m)}</title>
              </rect>
            ))}
          </g>
        );
      })}
      <text x={LABEL} y={rows.length * ROW + 20} fontSize={10} fill="#64748b">
        0 s
      </text>
      <text x={WIDTH - 10} y={rows.length * ROW + 20} fontSize={10} fill="#64748b" textAnchor="end">
        {((frameCount - 1) / fps).toFixed(1)} s
      </text>
    </svg>
  );
}
