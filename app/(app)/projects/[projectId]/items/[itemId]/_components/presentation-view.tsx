import { JsonBlock } from "../../../../_components/json-block";

type Labelled = { label?: unknown; text?: unknown };

function list(value: unknown): Labelled[] | null {
  return Array.isArray(value) && value.every((v) => v && typeof v === "object") ? (value as Labelled[]) : null;
}

/**
 * What a participant is shown besides the question: options (MCQ), statements (TOC-Bench sp),
 * events to order, allowed answers; any other presentation data as JSON.
 */
export function PresentationView({ presentation }: { presentation: unknown }) {
  const p = presentation && typeof presentation === "object" && !Array.isArray(presentation) ? (presentation as Record<string, unknown>) : {};
  const { options, statements, events, allowed_answers: allowed, ...rest } = p;
  const blocks: { title: string; items: Labelled[] }[] = [];
  if (list(options)) blocks.push({ title: "Options", items: list(options)! });
  if (list(statements)) blocks.push({ title: "Statements", items: list(statements)! });
  if (list(events)) blocks.push({ title: "Events to order", items: list(events)! });
  return (
    <div className="flex flex-col gap-3">
      {blocks.map((b) => (
        <div key={b.title}>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">{b.title}</h3>
          <ol className="mt-1 flex flex-col gap-1 text-sm">
            {b.items.map((o, i) => (
              <li key={i} className="flex gap-2">
                <span className="w-6 shrink-0 font-mono font-semibold text-slate-700">{String(o.label ?? i + 1)}</span>
                <span>{String(o.text ?? "")}</span>
              </li>
            ))}
          </ol>
        </div>
      ))}
      {Array.isArray(allowed) && (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Allowed answers</h3>
          <p className="mt-1 text-sm">{allowed.map(String).join(" · ")}</p>
        </div>
      )}
      {Object.keys(rest).length > 0 && (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Other presentation data</h3>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
            {Object.entries(rest).map(([k, v]) => (
              <div key={k} className="contents">
                <dt className="font-mono text-xs text-slate-500">{k}</dt>
                <dd>{typeof v === "object" && v !== null ? <JsonBlock value={v} /> : String(v)}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      {blocks.length === 0 && !Array.isArray(allowed) && Object.keys(rest).length === 0 && <p className="text-sm text-slate-500">Free answer (no options).</p>}
    </div>
  );
}
