import "server-only";
import { db } from "@/lib/db/prisma";
import { buildLeaderboard, type LeaderboardOptions } from "@/lib/leaderboard/build-leaderboard";
import { DEFAULT_BOOTSTRAP } from "@/lib/leaderboard/bootstrap-table";
import type { LeaderboardData } from "@/lib/leaderboard/types";
import { loadAgreementData, type AgreementData } from "@/lib/review/dashboard-loader";
import { KAPPA_STATISTICS, statisticLabel } from "@/lib/review/headline-figures";
import { reviewThresholdsFromSettings } from "@/lib/review/thresholds";
import { findProject, projectClipParser, projectVariant } from "@/lib/runs/project";
import { studyResults, type StudyResults } from "@/lib/studies/results";
import type { AgreementFacts, MethodsFacts } from "./methods";
import { positionAccuracy } from "./position-accuracy";
import type { PositionAccuracy } from "./report-figures";
import type { HumanRowInfo } from "./results-table";
import { studyFacts } from "./study-facts";

export type ReportSettings = { seed: number; resamples: number; level: number };

export type ReportData = {
  project: { id: string; name: string; slug: string; benchmark: string; truthVersion: number; variant: string; clipParser: string; settings: unknown };
  /** The leaderboard exactly as its API answers `?ci=1&seed=…&resamples=…`. */
  leaderboard: LeaderboardData;
  studies: StudyResults[];
  humans: Record<string, HumanRowInfo>;
  agreement: AgreementData | null;
  methods: MethodsFacts;
  positions: PositionAccuracy[];
  bootstrap: ReportSettings;
};

/** Where each kind of number is shown in the app (the methods paragraph links them). */
export const sources = (projectId: string) => {
  const p = `/projects/${encodeURIComponent(projectId)}`;
  return {
    leaderboard: `${p}/leaderboard?ci=1`,
    agreement: `${p}/agreement`,
    workflow: `${p}/workflow`,
    qualification: `${p}/qualification`,
    study: (studyId: string) => `/admin/studies/${encodeURIComponent(studyId)}`,
  };
};

/**
 * Everything the project report is made of, from the functions the pages use (so the report's
 * numbers are theirs): the leaderboard with bootstrap intervals (`buildLeaderboard`, the
 * leaderboard API), each study's results (`studyResults`, the study results page), the agreement
 * dashboard (`loadAgreementData`, the Agreement tab), with one bootstrap seed for all of them.
 */
export async function loadReportData(projectKey: string, options: Partial<ReportSettings> & { results?: LeaderboardOptions["results"] } = {}): Promise<ReportData> {
  const found = await findProject(projectKey);
  const bootstrap: ReportSettings = { seed: options.seed ?? DEFAULT_BOOTSTRAP.seed, resamples: options.resamples ?? DEFAULT_BOOTSTRAP.resamples, level: DEFAULT_BOOTSTRAP.level };
  const leaderboard = await buildLeaderboard(found.id, { ci: true, bootstrap: { seed: bootstrap.seed, resamples: bootstrap.resamples }, results: options.results });
  const project = await findProject(found.id);
  const src = sources(project.id);

  const studies = await db.study.findMany({ where: { projectId: project.id }, orderBy: [{ createdAt: "asc" }, { id: "asc" }], select: { id: true, name: true, protocol: true } });
  const results: StudyResults[] = [];
  for (const s of studies) results.push(await studyResults(s.id));
  const queryPoints = new Map<string, number>();
  for (const s of studies) {
    queryPoints.set(s.id, await db.queryPoint.count({ where: { item: { studyItems: { some: { studyId: s.id, attentionCheck: false } } } } }));
  }
  const humans: Record<string, HumanRowInfo> = {};
  const facts = results.map((r) => studyFacts(r, queryPoints.get(r.study.id) ?? 0, src.study(r.study.id)));
  results.forEach((r, i) => {
    if (r.run) humans[r.run.id] = { participants: facts[i].counted, studyName: r.study.name };
  });
  const positions: PositionAccuracy[] = [];
  const itemCache = new Map();
  for (const s of studies) if (s.protocol === "STREAMING") positions.push(await positionAccuracy(s, bootstrap, itemCache));

  const agreementData = await loadAgreementData(project.id, bootstrap);
  const agreement = agreementData.items.length > 0 ? agreementData : null;
  let agreementFacts: AgreementFacts | null = null;
  if (agreement) {
    const d = agreement.dashboard;
    const goldSets = await db.goldSet.findMany({ where: { projectId: project.id }, select: { threshold: true } });
    agreementFacts = {
      agreementSource: src.agreement,
      qualificationSource: src.qualification,
      passes: [...new Set(agreement.items.map((i) => i.annotators.length))].sort((x, y) => x - y),
      doubleReviewed: agreement.items.length,
      kappas: d.figures
        .filter((f) => f.scope === "project" && KAPPA_STATISTICS.has(f.statistic) && Number.isFinite(f.estimate))
        .map((f) => ({ label: `${f.facet ?? f.kind} ${statisticLabel(f.statistic)}`, estimate: f.estimate, lower: f.lower, upper: f.upper, items: f.items })),
      disputed: d.disputedRates.reduce((n, r) => n + r.disputed, 0),
      adjudicated: agreement.items.filter((i) => i.resolution && i.resolution.resolvedBy !== null).length,
      // A gold set's own threshold is what annotators qualified at; else the project's setting.
      qualificationKappa: goldSets.length ? Math.min(...goldSets.map((g) => g.threshold)) : reviewThresholdsFromSettings(project.settings).qualificationKappa,
      goldSets: goldSets.length,
    };
  }
  return {
    project: {
      id: project.id,
      name: project.name,
      slug: project.slug,
      benchmark: project.benchmark,
      truthVersion: project.truthVersion,
      variant: projectVariant(project.settings),
      clipParser: projectClipParser(project.settings),
      settings: project.settings,
    },
    leaderboard,
    studies: results,
    humans,
    agreement,
    methods: { studies: facts, agreement: agreementFacts },
    positions,
    bootstrap,
  };
}
