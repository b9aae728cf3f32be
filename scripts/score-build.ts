/**
 * Bundles `scripts/score.ts` (with every scorer) into one plain-JavaScript ES module so
 * that large files can be scored with `node` alone, without tsx's start-up and
 * on-the-fly compilation:
 *
 *   npm run score:build
 *   node node_modules/.cache/playhead/score.mjs --benchmark vcbench --truth T --preds P --json
 *
 * `npm run score` keeps working without this step. Uses the esbuild that tsx ships.
 */
import { mkdirSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Default location of the bundle (inside node_modules/.cache, which git ignores). */
export const DEFAULT_SCORE_BUNDLE = join(root, "node_modules", ".cache", "playhead", "score.mjs");

/**
 * Builds the bundle at `outfile` (plus its chunks in `chunks/` beside it: each benchmark's
 * scorer is split off and loaded on demand) and returns its path.
 */
export async function buildScoreBundle(outfile: string = DEFAULT_SCORE_BUNDLE): Promise<string> {
  mkdirSync(dirname(outfile), { recursive: true });
  await build({
    entryPoints: { [basename(outfile, extname(outfile))]: join(root, "scripts", "score.ts") },
    outdir: dirname(outfile),
    outExtension: { ".js": extname(outfile) || ".mjs" },
    chunkNames: "chunks/[name]-[hash]",
    splitting: true,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    // `server-only` resolves to its empty module under the react-server condition.
    conditions: ["react-server"],
    tsconfig: join(root, "tsconfig.json"),
    logLevel: "warning",
    legalComments: "none",
    // Smaller code parses faster at start-up; names are kept for readable errors.
    minify: true,
    keepNames: true,
    banner: { js: "import { createRequire as __playheadCreateRequire } from 'node:module'; const require = __playheadCreateRequire(import.meta.url);" },
  });
  return outfile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  try {
    const out = await buildScoreBundle(process.argv[2] ? resolve(process.argv[2]) : undefined);
    process.stdout.write(`built ${out}\nrun: node ${out} --benchmark <name> --truth FILE --preds FILE [--json]\n`);
  } catch (err) {
    process.stderr.write(`error: cannot build the scorer bundle: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}
