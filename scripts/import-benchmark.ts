/**
 * Imports a benchmark's native annotation file into a project.
 *
 *   npm run --silent import -- --benchmark <vcbench|tocbench|ecbench|vstat|vsas> --file <path>
 *       [--project <name>] [--dry-run] [--json] [--data-file <vcbench_data.jsonl>]
 *
 * --json prints ONE JSON object on stdout:
 *   {items, query_points, videos_referenced, warnings: [{code, item_id, line, message}], errors: [...],
 *    project, dry_run, file_kind, mode, created, updated, unchanged, videos_linked, import_job_id}
 * Exit code 0 when the file is importable (and was imported unless --dry-run), 1 with errors
 * (nothing written). --data-file: when importing vcbench_eval.jsonl on its own, also match it
 * against a vcbench_data.jsonl and report what differs (never joined by id).
 */
import { parseArgs } from "node:util";
import { importBenchmarkFile, type ImportOutcome } from "@/lib/benchmarks/import-project";
import { countByCode } from "@/lib/benchmarks/issues";
import { benchmarkKindFromCli, type ImportIssue } from "@/lib/benchmarks/types";

const USAGE =
  "usage: npm run --silent import -- --benchmark <vcbench|tocbench|ecbench|vstat|vsas> --file <path> [--project <name>] [--dry-run] [--json] [--data-file <vcbench_data.jsonl>]";

function failure(code: string, message: string): ImportOutcome {
  return {
    items: 0,
    query_points: 0,
    videos_referenced: 0,
    warnings: [],
    errors: [{ code, item_id: null, line: null, message }],
    project: null,
    dry_run: false,
    file_kind: "unknown",
    mode: "items",
    created: 0,
    updated: 0,
    unchanged: 0,
    videos_linked: 0,
    import_job_id: null,
  };
}

function describe(i: ImportIssue): string {
  return `  ${i.item_id !== null ? `[${i.item_id}] ` : ""}${i.code}: ${i.message}`;
}

function humanSummary(o: ImportOutcome, seconds: number): string {
  const lines: string[] = [];
  lines.push(`${o.dry_run ? "Dry run: " : ""}${o.file_kind} → project ${o.project ? JSON.stringify(o.project) : "(none)"}${o.mode === "eval_match" ? " (matched to the project's questions; items unchanged)" : ""}`);
  lines.push(`items ${o.items}, query points ${o.query_points}, videos referenced ${o.videos_referenced} (in the library: ${o.videos_linked})`);
  if (o.errors.length === 0) {
    lines.push(`${o.dry_run ? "would create" : "created"} ${o.created}, ${o.dry_run ? "would update" : "updated"} ${o.updated}, unchanged ${o.unchanged}${o.import_job_id ? ` (import job ${o.import_job_id})` : ""}`);
  }
  const show = (title: string, list: ImportIssue[]) => {
    const counts = Object.entries(countByCode(list)).sort((a, b) => b[1] - a[1]);
    lines.push(`${title} ${list.length}${counts.length ? `: ${counts.map(([c, n]) => `${c} ${n}`).join(", ")}` : ""}`);
    for (const i of list.slice(0, 20)) lines.push(describe(i));
    if (list.length > 20) lines.push(`  ... ${list.length - 20} more (use --json for all)`);
  };
  show("errors", o.errors);
  show("warnings", o.warnings);
  lines.push(o.errors.length ? "Nothing was written." : `Done in ${seconds.toFixed(2)} s.`);
  return lines.join("\n");
}

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        benchmark: { type: "string" },
        file: { type: "string" },
        project: { type: "string" },
        "dry-run": { type: "boolean" },
        json: { type: "boolean" },
        "data-file": { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (err) {
    const json = process.argv.includes("--json");
    const o = failure("usage", `${(err as Error).message}. ${USAGE}`);
    if (json) process.stdout.write(JSON.stringify(o) + "\n");
    else process.stderr.write(`${o.errors[0].message}\n`);
    return 1;
  }
  if (values.help) {
    process.stdout.write(USAGE + "\n");
    return 0;
  }
  const json = values.json === true;
  const emit = (o: ImportOutcome, seconds: number) => {
    if (json) process.stdout.write(JSON.stringify(o) + "\n");
    else process.stdout.write(humanSummary(o, seconds) + "\n");
    return o.errors.length > 0 ? 1 : 0;
  };
  const kind = typeof values.benchmark === "string" ? benchmarkKindFromCli(values.benchmark) : null;
  if (!kind) return emit(failure("usage", `--benchmark must be one of vcbench, tocbench, ecbench, vstat, vsas (got ${JSON.stringify(values.benchmark ?? null)}). ${USAGE}`), 0);
  if (typeof values.file !== "string" || values.file === "") return emit(failure("usage", `--file is required. ${USAGE}`), 0);
  const started = process.hrtime.bigint();
  let outcome: ImportOutcome;
  try {
    outcome = await importBenchmarkFile({
      kind,
      file: values.file,
      projectName: typeof values.project === "string" ? values.project : undefined,
      dryRun: values["dry-run"] === true,
      matchDataFile: typeof values["data-file"] === "string" ? values["data-file"] : undefined,
    });
  } catch (err) {
    outcome = failure("internal_error", `the import failed and nothing was written: ${(err as Error).message?.split("\n").filter(Boolean).slice(-1)[0] ?? String(err)}`);
  }
  return emit(outcome, Number(process.hrtime.bigint() - started) / 1e9);
}

const code = await main();
try {
  const { db } = await import("@/lib/db/prisma");
  await db.$disconnect();
} catch {
  // no database client was opened
}
process.exitCode = code;
