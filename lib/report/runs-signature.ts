/**
 * What the Report tab's preview was built from, as one string (PURE; server and client): every
 * run's id, status, scoring time and staleness. The tab polls the project's runs and reloads its
 * preview when this changes (a run rescored, uploaded, deleted or gone stale).
 */
export type RunState = { id: string; status: string; scoredAt: string | null; stale: boolean };

export function runsSignature(runs: readonly RunState[]): string {
  return runs
    .map((r) => `${r.id}:${r.status}:${r.scoredAt ?? ""}:${r.stale ? 1 : 0}`)
    .sort()
    .join("|");
}
