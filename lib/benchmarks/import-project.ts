import "server-only";
import path from "node:path";
import { audit, type DbTx } from "@/lib/audit/audit";
import { db } from "@/lib/db/prisma";
import { bumpTruthVersion } from "@/lib/truth/truth-version";
import { sha256File } from "@/lib/video/hash-file";
import { newId } from "@/lib/db/new-id";
import { issue } from "./issues";
import { linkableVideos, resolveVideoLinks } from "./link-videos";
import { controlCharacterErrors, storableIssue } from "./control-characters";
import { parseBenchmarkFile } from "./parse-file";
import { defaultProjectName, defaultProjectSettings, nativeMetaOf, slugify } from "./project-defaults";
import { planImport } from "./import-plan";
import { writeCreates, writeUpdate } from "./import-writes";
import { stableJson } from "./stable-json";
import { STORED_ITEM_SELECT, normalisedFromStored, type StoredItemRow } from "./stored-item";
import type { BenchmarkKindName, ImportReport, ParseResult } from "./types";
import { candidateFromItem, matchEvalToData } from "./vcbench/match-eval";
import { VCBENCH_DATA_FILE_KIND, VCBENCH_EVAL_FILE_KIND } from "./vcbench/shared";

/**
 * Writes a parsed benchmark file into a project (server-only).
 *
 * - Errors in the file (or a project of another benchmark kind) → nothing is written.
 * - Dry run → the same report, nothing is written (not even an ImportJob).
 * - Otherwise ONE interactive transaction (all or nothing): creates the project if needed
 *   (name, slug, kind, default settings + `settings.native` file meta), creates new items
 *   with ItemTruth, QueryPoints and TRUTH EvidenceSpans in `createMany` batches, updates
 *   items whose content changed (version + 1, ItemRevision, truth version + 1 when the truth
 *   changed), bumps `Project.truthVersion` once when any truth was added or changed, links
 *   items to library videos (frame indices from the PTS sidecar), records an ImportJob with
 *   the report and an audit entry. Re-importing the same file changes nothing.
 * - Items are keyed by (projectId, externalId). Items of the project missing from the file
 *   are kept (warning `items_not_in_file`).
 * - VCBench: `vcbench_eval.jsonl` imported into a project built from `vcbench_data.jsonl`
 *   is matched to its questions (`vcbench/match-eval.ts`, never by id) and only reported
 *   (the data file stays the truth); a data file into an eval-built project is refused.
 */

export type ImportOptions = {
  kind: BenchmarkKindName;
  /** Path of the file to import. */
  file: string;
  /** Project name (default: the file's base name without extension). */
  projectName?: string;
  dryRun?: boolean;
  actorId?: string | null;
  /** VCBench eval file imported on its own: also match it against this vcbench_data.jsonl (report only). */
  matchDataFile?: string;
};

export type ImportOutcome = ImportReport & {
  project: string | null;
  dry_run: boolean;
  file_kind: string;
  /** "items": items written/compared; "eval_match": a VCBench eval file matched to a data project (report only). */
  mode: "items" | "eval_match";
  created: number;
  updated: number;
  unchanged: number;
  /** Distinct library videos the items link to. */
  videos_linked: number;
  import_job_id: string | null;
};

const TX_OPTIONS = { maxWait: 30_000, timeout: 15 * 60_000 };

function baseOutcome(parsed: ParseResult, dryRun: boolean): ImportOutcome {
  return {
    items: parsed.items.length,
    query_points: parsed.items.reduce((n, it) => n + it.queryPoints.length, 0),
    videos_referenced: new Set(parsed.items.map((it) => it.videoRef)).size,
    warnings: [...parsed.warnings],
    errors: [...parsed.errors],
    project: null,
    dry_run: dryRun,
    file_kind: parsed.meta.fileKind,
    mode: "items",
    created: 0,
    updated: 0,
    unchanged: 0,
    videos_linked: 0,
    import_job_id: null,
  };
}

/** The report stored in ImportJob / printed by the CLI. */
export function reportOf(o: ImportOutcome): Record<string, unknown> {
  return { ...o };
}

/** Parses `opts.file` and imports it. */
export async function importBenchmarkFile(opts: ImportOptions): Promise<ImportOutcome> {
  const parsed = await parseBenchmarkFile(opts.kind, opts.file);
  const fileName = path.basename(opts.file);
  let matchData: ParseResult | undefined;
  if (opts.matchDataFile && opts.kind === "VCBENCH" && parsed.meta.fileKind === VCBENCH_EVAL_FILE_KIND) {
    matchData = await parseBenchmarkFile("VCBENCH", opts.matchDataFile);
  }
  const sha256 = parsed.errors.length === 0 && !opts.dryRun ? await sha256File(opts.file) : "";
  return importParsed(parsed, { ...opts, fileName, sha256, matchData });
}

type ParsedImportOptions = Omit<ImportOptions, "file" | "matchDataFile"> & { fileName: string; sha256: string; matchData?: ParseResult };


/** Imports an already parsed file (used by the CLI and by upload routes). */
export async function importParsed(input: ParseResult, opts: ParsedImportOptions): Promise<ImportOutcome> {
  const dryRun = opts.dryRun === true;
  // Text with control characters is refused item by item (line, id, field), before anything is written.
  const parsed: ParseResult = {
    ...input,
    errors: [...input.errors, ...controlCharacterErrors(input.items)].map(storableIssue),
    warnings: input.warnings.map(storableIssue),
  };
  const out = baseOutcome(parsed, dryRun);
  if (out.errors.length > 0) return out;
  const projectName = (opts.projectName ?? defaultProjectName(opts.fileName)).trim();
  out.project = projectName;
  if (projectName === "") {
    out.errors.push(issue("invalid_project", "the project name is empty"));
    return out;
  }
  if (!dryRun) return importIntoProject(parsed, out, projectName, opts);
  try {
    return await importIntoProject(parsed, out, projectName, opts);
  } catch (err) {
    // A dry run still checks the file when the database cannot be read.
    const reason = (err as Error).message?.split("\n").filter(Boolean).slice(-1)[0] ?? String(err);
    out.warnings.push(issue("database_unavailable", `the database could not be read (${reason}); the file was checked on its own, without the project or video library`));
    return out;
  }
}

async function importIntoProject(parsed: ParseResult, out: ImportOutcome, projectName: string, opts: ParsedImportOptions): Promise<ImportOutcome> {
  const dryRun = out.dry_run;
  const project = await db.project.findUnique({ where: { name: projectName }, select: { id: true, benchmark: true, settings: true, truthVersion: true } });
  if (project && project.benchmark !== opts.kind) {
    out.errors.push(issue("project_kind_mismatch", `project "${projectName}" is a ${project.benchmark} project; this file is ${opts.kind}`));
    return out;
  }
  const storedMeta = project ? nativeMetaOf(project.settings) : null;
  const itemCount = project ? await db.item.count({ where: { projectId: project.id } }) : 0;

  // VCBench: the eval and data files number their questions differently.
  if (opts.kind === "VCBENCH" && project && itemCount > 0 && storedMeta) {
    if (parsed.meta.fileKind === VCBENCH_EVAL_FILE_KIND && storedMeta.fileKind === VCBENCH_DATA_FILE_KIND) {
      return evalMatchImport(parsed, out, project.id, opts);
    }
    if (parsed.meta.fileKind === VCBENCH_DATA_FILE_KIND && storedMeta.fileKind === VCBENCH_EVAL_FILE_KIND) {
      out.errors.push(
        issue("file_kind_mismatch", `project "${projectName}" was imported from vcbench_eval.jsonl, whose ids name other questions than vcbench_data.jsonl; import the data file into a new project`),
      );
      return out;
    }
  }
  if (opts.matchData) {
    if (opts.matchData.errors.length > 0) {
      out.warnings.push(issue("match_file_invalid", `the data file to match against has ${opts.matchData.errors.length} error(s) (first: ${opts.matchData.errors[0].message}); no matching was done`));
    } else {
      out.warnings.push(...matchEvalToData(parsed.items.map(candidateFromItem), opts.matchData.items.map(candidateFromItem)).warnings);
    }
  }

  const { links, warnings: linkWarnings, videosLinked } = await resolveVideoLinks(parsed.items, await linkableVideos());
  out.warnings.push(...linkWarnings);
  out.videos_linked = videosLinked;

  const existingRows: StoredItemRow[] = project ? await db.item.findMany({ where: { projectId: project.id }, select: STORED_ITEM_SELECT }) : [];
  const plan = planImport(parsed.items, existingRows, links);
  out.created = plan.creates.length;
  out.updated = plan.updates.filter((u) => u.itemChanged || u.truthChanged).length;
  out.unchanged = parsed.items.length - out.created - out.updated;
  if (plan.missing.length > 0) {
    out.warnings.push(
      issue("items_not_in_file", `${plan.missing.length} item(s) of the project are not in this file and are kept unchanged (e.g. ${plan.missing.slice(0, 5).map((m) => JSON.stringify(m)).join(", ")})`),
    );
  }
  if (dryRun) return out;

  const metaChanged = !storedMeta || stableJson(storedMeta) !== stableJson(parsed.meta);
  await db.$transaction(async (tx) => {
    let projectId: string;
    if (!project) {
      projectId = newId();
      await tx.project.create({
        data: {
          id: projectId,
          name: projectName,
          slug: await freeSlug(tx, slugify(projectName)),
          benchmark: opts.kind,
          settings: { ...defaultProjectSettings(opts.kind), native: parsed.meta } as never,
          createdById: opts.actorId ?? null,
        },
      });
    } else {
      projectId = project.id;
      if (metaChanged) {
        const settings = project.settings && typeof project.settings === "object" ? (project.settings as Record<string, unknown>) : {};
        await tx.project.update({ where: { id: projectId }, data: { settings: { ...settings, native: parsed.meta } as never } });
      }
    }
    await writeCreates(tx, projectId, plan.creates, links, opts);
    for (const u of plan.updates) await writeUpdate(tx, u, links.get(u.item.externalId) ?? null, opts);
    if (plan.creates.length > 0 || plan.updates.some((u) => u.truthChanged)) {
      // Runs scored at the old truth are flagged stale in this same transaction.
      await bumpTruthVersion(projectId, tx);
    }
    const job = await tx.importJob.create({
      data: {
        projectId,
        benchmark: opts.kind,
        fileName: opts.fileName,
        sha256: opts.sha256,
        dryRun: false,
        status: "DONE",
        createdById: opts.actorId ?? null,
        finishedAt: new Date(),
      },
      select: { id: true },
    });
    out.import_job_id = job.id;
    await tx.importJob.update({ where: { id: job.id }, data: { report: reportOf(out) as never } });
    await audit(
      {
        actorId: opts.actorId ?? null,
        action: "project.import",
        targetType: "Project",
        targetId: projectId,
        details: { file: opts.fileName, sha256: opts.sha256, created: out.created, updated: out.updated, unchanged: out.unchanged, warnings: out.warnings.length },
      },
      tx,
    );
  }, TX_OPTIONS);
  return out;
}

async function freeSlug(tx: DbTx, base: string): Promise<string> {
  for (let n = 1; ; n++) {
    const slug = n === 1 ? base : `${base}-${n}`;
    if (!(await tx.project.findUnique({ where: { slug }, select: { id: true } }))) return slug;
  }
}

async function evalMatchImport(parsed: ParseResult, out: ImportOutcome, projectId: string, opts: ParsedImportOptions): Promise<ImportOutcome> {
  const rows = await db.item.findMany({ where: { projectId }, select: STORED_ITEM_SELECT, orderBy: { ordinal: "asc" } });
  const result = matchEvalToData(parsed.items.map(candidateFromItem), rows.map((r) => candidateFromItem(normalisedFromStored(r))));
  out.mode = "eval_match";
  out.unchanged = result.matches.length;
  out.warnings.push(
    issue(
      "eval_matched_only",
      `vcbench_eval.jsonl matched against the project's ${rows.length} questions: ${result.counts.exact} exact, ${result.counts.rounded} with rounded query times, ${result.counts.differs} with different query points, ${result.unmatchedEval.length} unmatched; items are not changed (vcbench_data.jsonl stays the truth)`,
    ),
    ...result.warnings,
  );
  if (out.dry_run) return out;
  await db.$transaction(async (tx) => {
    const job = await tx.importJob.create({
      data: { projectId, benchmark: opts.kind, fileName: opts.fileName, sha256: opts.sha256, status: "DONE", createdById: opts.actorId ?? null, finishedAt: new Date() },
      select: { id: true },
    });
    out.import_job_id = job.id;
    await tx.importJob.update({ where: { id: job.id }, data: { report: reportOf(out) as never } });
  }, TX_OPTIONS);
  return out;
}
