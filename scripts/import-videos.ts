/**
 * Imports a directory tree of videos into the library.
 *
 *   npm run videos:import -- <dir> [--actor email]
 *
 * Every file with a video extension is hashed, probed, validated and (when browsers cannot play
 * it as is) transcoded; `Video.sourcePath` records its path relative to <dir>, which is how
 * benchmark items find their video later. Progress, one line per file:
 *
 *   [12/40] charades/ABC.mp4 … imported | skipped (already imported) | rejected: reason
 *
 * Resumable: a file whose bytes are already in the library is skipped, and each file is added
 * all or nothing, so an interrupted run (Ctrl-C) is finished by running the same command again.
 * Exit code: 0 when the run completed (even with rejected files), 1 on a fatal error (directory
 * missing, ffmpeg missing, database unavailable, unknown --actor), 130 when interrupted.
 */
import path from "node:path";
import { actorIdByEmail, importDirectory, ImportFatalError } from "@/lib/video-library/import-directory";

function usage(): never {
  console.error("usage: npm run videos:import -- <dir> [--actor email]");
  process.exit(1);
}

function parseArgs(argv: string[]): { dir: string; actor: string | null } {
  let dir: string | null = null;
  let actor: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--actor") {
      actor = argv[++i] ?? usage();
    } else if (a.startsWith("--actor=")) {
      actor = a.slice("--actor=".length);
    } else if (a === "-h" || a === "--help") {
      usage();
    } else if (a.startsWith("--")) {
      console.error(`unknown option ${a}`);
      usage();
    } else if (dir === null) {
      dir = a;
    } else {
      console.error(`unexpected argument ${a}`);
      usage();
    }
  }
  if (!dir) usage();
  return { dir: path.resolve(dir), actor };
}

async function main(): Promise<number> {
  const { dir, actor } = parseArgs(process.argv.slice(2));
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    console.error("\ninterrupting: cleaning up the file in progress (Ctrl-C again to quit at once) …");
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const actorId = actor ? await actorIdByEmail(actor) : null;
  const summary = await importDirectory(dir, { actorId, signal: controller.signal });
  return summary.interrupted ? 130 : 0;
}

main()
  .then((code) => process.exit(code))
  .catch((e: unknown) => {
    const message = e instanceof ImportFatalError ? e.message : e instanceof Error ? e.message : String(e);
    console.error(`videos:import: ${message}`);
    process.exit(1);
  });
