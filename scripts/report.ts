/**
 * The project report (issue 22) on the command line, through the same code as the Report tab and
 * its download route (lib/report/build-report.ts): writes every file of the zip into DIR (results
 * table as LaTeX / Markdown / CSV, figures as SVG and 300 dpi PNG, methods paragraph, per-item
 * CSVs, truth export, manifest.json) and, with --zip, the zip itself next to them.
 *
 *   npm run --silent report -- --project <id|slug|name> --out DIR [--style pm|bracket] [--subtypes] [--seed N] [--resamples N] [--zip] [--base-url URL] [--json]
 *
 * Exit code 0 on success, 1 when the project is unknown, 2 on a usage error.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import { db } from "@/lib/db/prisma";
import { HttpError } from "@/lib/http/http-error";
import { buildReport, reportZip, reportZipName } from "@/lib/report/build-report";
import { INTERVAL_STYLES, type IntervalStyle } from "@/lib/report/interval-style";

const USAGE = "usage: npm run --silent report -- --project <id|slug|name> --out DIR [--style pm|bracket] [--subtypes] [--seed N] [--resamples N] [--zip] [--base-url URL] [--json]";

function int(v: string | undefined, name: string, min: number, max: number): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`--${name} must be a whole number from ${min} to ${max}`);
  return n;
}

async function main(): Promise<number> {
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        project: { type: "string" },
        out: { type: "string" },
        style: { type: "string" },
        subtypes: { type: "boolean" },
        seed: { type: "string" },
        resamples: { type: "string" },
        zip: { type: "boolean" },
        "base-url": { type: "string" },
        json: { type: "boolean" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`report: ${(err as Error).message}\n${USAGE}\n`);
    return 2;
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (typeof values.project !== "string" || !values.project) return usage("--project is required");
  if (typeof values.out !== "string" || !values.out) return usage("--out is required");
  if (values.style !== undefined && !INTERVAL_STYLES.includes(values.style as IntervalStyle)) return usage(`--style must be ${INTERVAL_STYLES.join(" or ")}`);
  let seed: number | undefined;
  let resamples: number | undefined;
  try {
    seed = int(values.seed as string | undefined, "seed", 0, 2 ** 31 - 1);
    resamples = int(values.resamples as string | undefined, "resamples", 100, 10_000);
  } catch (e) {
    return usage((e as Error).message);
  }
  const started = performance.now();
  try {
    const report = await buildReport(values.project, {
      seed,
      resamples,
      style: (values.style as IntervalStyle | undefined) ?? "pm",
      subtypes: values.subtypes === true,
      baseUrl: typeof values["base-url"] === "string" ? values["base-url"].replace(/\/$/, "") : "",
    });
    const out = path.resolve(values.out);
    for (const f of report.files) {
      const target = path.join(out, f.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, f.bytes);
    }
    let zip: string | null = null;
    if (values.zip) {
      zip = path.join(out, reportZipName(report));
      await writeFile(zip, reportZip(report));
    }
    const summary = { project: report.data.project.slug, benchmark: report.data.project.benchmark, out, files: report.files.length, zip, seconds: (performance.now() - started) / 1000 };
    if (values.json) process.stdout.write(JSON.stringify(summary) + "\n");
    else process.stdout.write(`wrote the report of ${summary.benchmark} project ${JSON.stringify(summary.project)}: ${summary.files} files in ${out}${zip ? ` and ${zip}` : ""}\n`);
    return 0;
  } catch (err) {
    if (err instanceof HttpError) {
      process.stderr.write(`report: ${err.message}\n`);
      return 1;
    }
    throw err;
  }
}

function usage(message: string): number {
  process.stderr.write(`report: ${message}\n${USAGE}\n`);
  return 2;
}

const code = await main();
await db.$disconnect();
process.exit(code);
