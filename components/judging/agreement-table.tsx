import type { JudgePairAgreement } from "@/lib/judging/api-schemas";

const k = (v: number | null) => (v === null ? "undefined" : v.toFixed(3));

/** Judge-vs-judge agreement: binary Cohen's kappa and rubric quadratic-weighted kappa per pair of reviewers. */
export function AgreementTable({ pairs }: { pairs: readonly JudgePairAgreement[] }) {
  return (
    <section className="rounded border border-slate-200 bg-white p-3" data-testid="judge-agreement">
      <h2 className="mb-1 text-sm font-semibold">Judge-vs-judge agreement</h2>
      {pairs.length === 0 ? (
        <p className="text-sm text-slate-600">Shown when two reviewers have judged the same seconds.</p>
      ) : (
        <table className="w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="pr-3">Reviewers</th>
              <th className="pr-3">Seconds</th>
              <th className="pr-3">Binary κ</th>
              <th className="pr-3">Agreement</th>
              <th>Rubric κ (quadratic)</th>
            </tr>
          </thead>
          <tbody>
            {pairs.map((p) => (
              <tr key={`${p.a.id}-${p.b.id}`} data-pair={`${p.a.name} / ${p.b.name}`}>
                <td className="pr-3">
                  {p.a.name} / {p.b.name}
                </td>
                <td className="pr-3">{p.binaryUnits}</td>
                <td className="pr-3 font-mono" data-metric="binary-kappa">
                  {k(p.binaryKappa)}
                </td>
                <td className="pr-3 font-mono">{p.binaryPercent === null ? "—" : `${(p.binaryPercent * 100).toFixed(1)} %`}</td>
                <td className="font-mono" data-metric="rubric-kappa">
                  {k(p.rubricKappa)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
