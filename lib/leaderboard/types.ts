/** Shapes of the leaderboard API (shared by the server, the CSV export and client components). */
import type { RunJudging } from "@/lib/runs/judging-status";
import type { LeaderboardColumn } from "./columns";

export type LeaderboardRow = {
  runId: string;
  name: string;
  kind: "MODEL" | "HUMAN" | "CHANCE";
  status: string;
  /** Scored at an older truth version (flag set, or run.truthVersion < project.truthVersion). */
  stale: boolean;
  truthVersion: number;
  scoredAt: string | null;
  source: string;
  /** Column key → value in display units (percentages ×100). */
  values: Record<string, number | null>;
  /** With ?ci=1: column key → bounds of the bootstrap interval (display units). */
  ci?: Record<string, { lower: number; upper: number }>;
  /** Human baselines: answers flagged unseen (never fully shown; excluded from the scores). */
  unseenAnswers?: number;
  /** Items predicted / scored, when known. */
  counts?: { items: number; predicted: number; scored: number; missing: number; invalid: number };
  /**
   * VSAS / EC-Bench runs: how far the judged figures are judged. `final` false = partial: the
   * values are over the judged units only, the row has no rank (lib/leaderboard/rank.ts).
   */
  judging?: RunJudging;
  /** Position among the final rows in the server's order (primary column); null for a partial run. */
  rank?: number | null;
};

export type LeaderboardData = {
  project: { id: string; name: string; slug: string; benchmark: string; truthVersion: number; variant: string };
  columns: LeaderboardColumn[];
  /** Default sort column. */
  primary: string;
  rows: LeaderboardRow[];
  /** What the paper reports as chance baseline (and whether Playhead computes one). */
  chanceNote: string;
  /** Bootstrap settings when intervals were computed (?ci=1), else null. */
  ci: { level: number; resamples: number; seed: number; unit: string } | null;
};
