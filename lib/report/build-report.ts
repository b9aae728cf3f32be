import "server-only";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import { barChartSvg } from "@/lib/charts/bar-chart-svg";
import { db } from "@/lib/db/prisma";
import { findProject } from "@/lib/runs/project";
import { leaderboardCsv } from "@/lib/leaderboard/csv";
import { figuresCsv, itemsCsv } from "@/lib/review/export";
import { exportProjectFile } from "@/lib/projects/project-export";
import type { IntervalStyle } from "./interval-style";
import { loadReportData, sources, type ReportData, type ReportSettings } from "./load-report-data";
import { MANIFEST_PATH, type Manifest, type ManifestFile, type ManifestRun } from "./manifest";
import { methodsMarkdown, methodsNumbers, methodsParagraphs, methodsText, type MethodsSegment } from "./methods";
import { perItemCsv } from "./per-item-csv";
import { agreementFigure, breakdownFigures, positionFigure, slugify, type ReportFigure } from "./report-figures";
import { resultsTable, type ResultsTable } from "./results-table";
import { svgToPngAsync } from "./svg-to-png";
import { resultsCsv } from "./table-csv";
import { resultsLatex } from "./table-latex";
import { resultsMarkdown } from "./table-markdown";

export type ReportOptions = Partial<ReportSettings> & {
  style?: IntervalStyle;
  subtypes?: boolean;
  /** Prefix of the methods' source links in the files (e.g. the app's origin). */
  baseUrl?: string;
  /** Build the zip's files (PNGs, per-item CSVs, truth export, manifest); false for the tab's preview. */
  files?: boolean;
  now?: Date;
};

export type ReportFile = { path: string; bytes: Uint8Array };

export type Report = {
  data: ReportData;
  table: ResultsTable;
  latex: string;
  markdown: string;
  csv: string;
  figures: (ReportFigure & { svg: string })[];
  methods: MethodsSegment[][];
  /** With `files`: every file of the zip, the manifest last. */
  files: ReportFile[];
  manifest: Manifest | null;
};

const utf8 = (s: string) => new TextEncoder().encode(s);
const sha256 = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** Why a run of the manifest has no uploaded file hash. */
function missingFileReason(run: { kind: string; source: string }): string {
  if (run.source.startsWith("study:")) return "computed by Playhead from the study's sessions: no uploaded file";
  if (run.kind === "CHANCE") return "chance baseline computed by Playhead: no uploaded file";
  return "uploaded before Playhead recorded the SHA-256 of uploaded run files; the per-item CSV's hash identifies its scores";
}

function playheadVersion(): string {
  try {
    return String((JSON.parse(readFileSync(path.join(process.cwd(), "package.json"), "utf8")) as { version?: unknown }).version ?? "unknown");
  } catch {
    return "unknown";
  }
}

/**
 * The project's paper-ready report (issue 22): results table (LaTeX, Markdown, CSV), figures
 * (SVG, 300 dpi PNG), methods paragraph, and, with `files`, the zip's files: the leaderboard CSV,
 * the per-item CSVs of every run, the agreement tables, the truth export and the manifest.
 */
export async function buildReport(projectKey: string, options: ReportOptions = {}): Promise<Report> {
  // With files, every run's per-item results are written out: read them once, for the intervals too.
  const results = options.files === false ? undefined : await runResults(projectKey);
  const data = await loadReportData(projectKey, { ...options, results });
  const style = options.style ?? "pm";
  const subtypes = options.subtypes ?? false;
  const src = sources(data.project.id);
  const table = resultsTable(data.leaderboard, { subtypes, humans: data.humans });
  const title = `Results on ${data.project.name} (${data.project.benchmark})`;
  const latex = resultsLatex(table, style, title);
  const markdown = resultsMarkdown(table, style, title);
  const csv = resultsCsv(table);
  const figureSpecs = [
    ...breakdownFigures(data.leaderboard, table, src.leaderboard),
    positionFigure(data.positions, data.studies.length ? src.study(data.studies[0].study.id) : src.leaderboard),
    data.agreement ? agreementFigure(data.agreement.dashboard.figures, src.agreement) : null,
  ].filter((f): f is ReportFigure => f !== null);
  const figures = figureSpecs.map((f) => ({ ...f, svg: barChartSvg(f.spec) }));
  const methods = methodsParagraphs(data.methods);
  const report: Report = { data, table, latex, markdown, csv, figures, methods, files: [], manifest: null };
  if (options.files === false) return report;

  const files: ReportFile[] = [];
  const add = (p: string, content: string | Uint8Array) => {
    files.push({ path: p, bytes: typeof content === "string" ? utf8(content) : content });
    return files[files.length - 1];
  };
  add("results.tex", latex);
  add("results.md", markdown);
  add("results.csv", csv);
  add("methods.md", methodsMarkdown(methods, options.baseUrl ?? ""));
  add("methods.txt", methodsText(methods, options.baseUrl ?? ""));
  const figureEntries: Manifest["figures"] = [];
  const pngs: Promise<void>[] = [];
  for (const f of figures) {
    add(`figures/${f.name}.svg`, f.svg);
    // Drawn on resvg's worker threads while the rest is read; the bytes are filled in before the manifest.
    const png = add(`figures/${f.name}.png`, new Uint8Array(0));
    const drawn = svgToPngAsync(f.svg).then((bytes) => void (png.bytes = bytes));
    drawn.catch(() => {}); // awaited below; never an unhandled rejection if a read fails first
    pngs.push(drawn);
    figureEntries.push({ name: f.name, title: f.title, svg: `figures/${f.name}.svg`, png: `figures/${f.name}.png`, source: f.source });
  }
  add("data/leaderboard.csv", leaderboardCsv(data.leaderboard));
  if (data.agreement) {
    add("data/agreement-figures.csv", figuresCsv(data.agreement.dashboard));
    add("data/agreement-items.csv", itemsCsv(data.agreement.items));
  }

  // Per-item scores of every run (the items each interval resamples).
  const runs = data.leaderboard.rows;
  // Item ids → external ids once (not a join per result row).
  const externalIds = new Map((await db.item.findMany({ where: { projectId: data.project.id }, select: { id: true, externalId: true } })).map((i) => [i.id, i.externalId]));
  const unread = runs.map((r) => r.runId).filter((id) => !results?.has(id)); // e.g. chance rows the leaderboard just created
  const all = new Map(results ?? []);
  for (const [id, rows] of await resultsOfRuns(unread)) all.set(id, rows);
  const byRun = new Map<string, { itemId: string; valid: boolean; scores: Record<string, unknown> }[]>();
  for (const [runId, rows] of all) {
    if (rows.length === 0) continue;
    byRun.set(
      runId,
      rows.map((r) => ({ itemId: externalIds.get(r.itemId) ?? r.itemId, valid: r.valid, scores: r.scores && typeof r.scores === "object" && !Array.isArray(r.scores) ? (r.scores as Record<string, unknown>) : {} })),
    );
  }
  // The uploaded file of every run, as recorded at upload (lib/runs/run-file.ts).
  const uploaded = new Map(
    (await db.modelRun.findMany({ where: { id: { in: runs.map((r) => r.runId) } }, select: { id: true, fileSha256: true, fileBytes: true, fileName: true } })).map((r) => [r.id, r]),
  );
  const runEntries: ManifestRun[] = [];
  for (const r of runs) {
    const list = byRun.get(r.runId);
    const file = list ? add(`data/runs/${slugify(r.name)}-${r.runId}.csv`, perItemCsv(list)) : null;
    const up = uploaded.get(r.runId);
    const uploadedFile = up?.fileSha256 ? { name: up.fileName, bytes: up.fileBytes ?? 0, sha256: up.fileSha256 } : null;
    runEntries.push({
      id: r.runId,
      name: r.name,
      kind: r.kind,
      source: r.source,
      status: r.status,
      truthVersion: r.truthVersion,
      stale: r.stale,
      scoredAt: r.scoredAt,
      uploadedFile,
      uploadedFileMissing: uploadedFile ? null : missingFileReason(r),
      perItemCsv: file ? { file: file.path, sha256: sha256(file.bytes) } : null,
    });
  }

  // The truth the runs were scored against, as the project exports it.
  let truth: Manifest["truth"] = { version: data.project.truthVersion, file: null, sha256: null, error: null, imports: [] };
  try {
    const exported = await exportProjectFile({ id: data.project.id });
    const f = add(`truth/${exported.fileName.replace(/[^A-Za-z0-9._-]/g, "_")}`, exported.text);
    truth = { ...truth, file: f.path, sha256: sha256(f.bytes) };
  } catch (e) {
    truth.error = e instanceof Error ? e.message : String(e);
  }
  const imports = await db.importJob.findMany({
    where: { projectId: data.project.id, dryRun: false, status: "DONE" },
    orderBy: { createdAt: "asc" },
    select: { fileName: true, sha256: true, createdAt: true },
  });
  truth.imports = imports.map((i) => ({ fileName: i.fileName, sha256: i.sha256, at: i.createdAt.toISOString() }));

  await Promise.all(pngs);
  const listed: ManifestFile[] = files.map((f) => ({ path: f.path, bytes: f.bytes.length, sha256: sha256(f.bytes) }));
  const manifest: Manifest = {
    generatedAt: (options.now ?? new Date()).toISOString(),
    playhead: { version: playheadVersion() },
    project: { id: data.project.id, name: data.project.name, slug: data.project.slug, benchmark: data.project.benchmark, truthVersion: data.project.truthVersion },
    scorer: { benchmark: data.project.benchmark, metricVariant: data.project.variant, clipParser: data.project.benchmark === "ECBENCH" ? data.project.clipParser : null },
    bootstrap: { seed: data.bootstrap.seed, resamples: data.bootstrap.resamples, level: data.bootstrap.level, method: "percentile", unit: "items", positionUnit: "participants" },
    table: { intervalStyle: style, subtypes, best: "best model row per column (final rows; humans when there is no model row)" },
    runs: runEntries,
    truth,
    studies: data.studies.map((s) => ({ id: s.study.id, name: s.study.name, protocol: s.study.protocol, humanRunId: s.run?.id ?? null, source: src.study(s.study.id) })),
    figures: figureEntries,
    methodsNumbers: methodsNumbers(methods),
    files: listed,
  };
  add(MANIFEST_PATH, JSON.stringify(manifest, null, 2) + "\n");
  return { ...report, files, manifest };
}

type ResultRow = { itemId: string; valid: boolean; scores: unknown };

/** Every stored per-item result of the project's runs, by run. */
async function runResults(projectKey: string): Promise<Map<string, ResultRow[]>> {
  const project = await findProject(projectKey);
  const runs = await db.modelRun.findMany({ where: { projectId: project.id }, select: { id: true } });
  return resultsOfRuns(runs.map((r) => r.id));
}

async function resultsOfRuns(runIds: readonly string[]): Promise<Map<string, ResultRow[]>> {
  const out = new Map<string, ResultRow[]>(runIds.map((id) => [id, []]));
  if (runIds.length === 0) return out;
  const rows = await db.runItemResult.findMany({ where: { runId: { in: [...runIds] } }, select: { runId: true, itemId: true, valid: true, scores: true } });
  for (const r of rows) out.get(r.runId)!.push(r);
  return out;
}

/** The report's files as one zip (PNGs stored; the large per-item data fast-deflated, the rest at the default level). */
export function reportZip(report: Report): Uint8Array {
  const entries: Zippable = {};
  for (const f of report.files) entries[f.path] = [f.bytes, { level: f.path.endsWith(".png") ? 0 : f.path.startsWith("data/") || f.path.startsWith("truth/") ? 1 : 6 }];
  return zipSync(entries, { mtime: report.manifest ? new Date(report.manifest.generatedAt) : new Date() });
}

/** The zip's file name: `<slug>-report.zip`. */
export const reportZipName = (report: Report): string => `${(report.data.project.slug || report.data.project.id).replace(/[^A-Za-z0-9._-]/g, "_")}-report.zip`;
