/**
 * Exports a project's current items in its benchmark's native format (CUSTOM projects: generic
 * JSONL), through the same code as the download route (lib/projects/project-export.ts).
 *
 *   npm run --silent export -- --project <name> --out <file> [--format data|eval] [--include-removed] [--json]
 *
 * VCBench projects are written as the file they were imported from (vcbench_data.jsonl or
 * vcbench_eval.jsonl) unless --format says otherwise. REMOVED items are left out unless
 * --include-removed. --json prints {project, benchmark, items, out, warnings, errors}.
 * Exit code 0 on success, 1 on errors (no file written).
 */
import { writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import type { ImportIssue } from "@/lib/benchmarks/types";
import { HttpError } from "@/lib/http/http-error";
import { exportProjectFile } from "@/lib/projects/project-export";

const USAGE = "usage: npm run --silent export -- --project <name> --out <file> [--format data|eval] [--include-removed] [--json]";

type Summary = { project: string | null; benchmark: string | null; items: number; out: string | null; warnings: ImportIssue[]; errors: ImportIssue[] };

async function main(): Promise<number> {
  const json = process.argv.includes("--json");
  const emit = (s: Summary) => {
    if (json) process.stdout.write(JSON.stringify(s) + "\n");
    else {
      if (s.errors.length) process.stderr.write(s.errors.map((e) => `${e.code}: ${e.message}`).join("\n") + "\n");
      else process.stdout.write(`wrote ${s.items} items of ${s.benchmark} project ${JSON.stringify(s.project)} to ${s.out}\n`);
      for (const w of s.warnings.slice(0, 20)) process.stderr.write(`warning ${w.code}: ${w.message}\n`);
    }
    return s.errors.length ? 1 : 0;
  };
  const fail = (message: string): Summary => ({ project: null, benchmark: null, items: 0, out: null, warnings: [], errors: [{ code: "usage", item_id: null, line: null, message }] });
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: { project: { type: "string" }, out: { type: "string" }, format: { type: "string" }, "include-removed": { type: "boolean" }, json: { type: "boolean" } },
      strict: true,
    }));
  } catch (err) {
    return emit(fail(`${(err as Error).message}. ${USAGE}`));
  }
  if (typeof values.project !== "string" || values.project === "") return emit(fail(`--project is required. ${USAGE}`));
  if (typeof values.out !== "string" || values.out === "") return emit(fail(`--out is required. ${USAGE}`));
  if (values.format !== undefined && values.format !== "data" && values.format !== "eval") return emit(fail(`--format must be "data" or "eval" (VCBench). ${USAGE}`));
  try {
    const res = await exportProjectFile(
      { name: values.project },
      { vcbenchFormat: values.format as "data" | "eval" | undefined, includeRemoved: values["include-removed"] === true },
    );
    await writeFile(values.out, res.text, "utf8");
    return emit({ project: values.project, benchmark: res.benchmark, items: res.items, out: values.out, warnings: res.warnings, errors: [] });
  } catch (err) {
    if (err instanceof HttpError) return emit({ ...fail(""), project: values.project, errors: [{ code: err.code, item_id: null, line: null, message: err.message }] });
    const message = (err as Error).message?.split("\n").filter(Boolean).slice(-1)[0] ?? String(err);
    return emit({ ...fail(""), errors: [{ code: "internal_error", item_id: null, line: null, message: `the export failed: ${message}` }] });
  }
}

const code = await main();
try {
  const { db } = await import("@/lib/db/prisma");
  await db.$disconnect();
} catch {
  // nothing to close
}
process.exitCode = code;
