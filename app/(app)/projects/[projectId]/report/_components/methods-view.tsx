import Link from "next/link";
import { NO_METHODS, type MethodsSegment } from "@/lib/report/methods";

/** The methods paragraphs, every number a link to the page it came from. */
export function MethodsView({ paragraphs }: { paragraphs: MethodsSegment[][] }) {
  if (paragraphs.length === 0) return <p className="text-sm text-slate-600">{NO_METHODS}</p>;
  return (
    <div className="flex flex-col gap-3 text-sm leading-6 text-slate-800" data-testid="report-methods">
      {paragraphs.map((p, i) => (
        <p key={i}>
          {p.map((s, j) =>
            "text" in s ? (
              <span key={j}>{s.text}</span>
            ) : (
              <Link key={j} href={s.source} title={s.what} className="font-medium text-blue-700 underline decoration-dotted underline-offset-2">
                {s.value}
              </Link>
            ),
          )}
        </p>
      ))}
    </div>
  );
}
