import "server-only";
import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";

/**
 * WAL checkpoints of a SQLite database file, run on a worker thread of this process instead of
 * inside a request.
 *
 * In WAL mode SQLite copies the log back into the database file (a checkpoint, with an fsync of
 * both under synchronous=NORMAL) whenever a commit takes the log past `wal_autocheckpoint` pages
 * (1,000 by default). better-sqlite3 is synchronous, so that copy ran inside whichever request's
 * commit crossed the line and held the event loop for every other request meanwhile: at 1,000
 * participants arriving over 10 s (`npm run bench:baseline -- --participants 1000 --ramp 10
 * --proxy haproxy`) about 160 checkpoints stalled the server, and with them segment TTFB p95 was
 * 71-105 ms; with checkpoints off the request thread, 31 ms.
 *
 * The worker opens its own connection to the same file and runs `PRAGMA wal_checkpoint(PASSIVE)`
 * every {@link CHECKPOINT_EVERY_MS}: PASSIVE waits for no reader or writer (requests go on writing
 * the log while it copies) and never takes the write lock. The request connections keep an
 * automatic checkpoint only as a safety net, at {@link SAFETY_NET_PAGES} (should the worker stop or
 * fall behind, the log still cannot grow without bound).
 */
export const CHECKPOINT_EVERY_MS = 250;
export const SAFETY_NET_PAGES = 4_000;

/** The worker's program (CommonJS, run with `eval`): it loads better-sqlite3 from the path the main thread resolved. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { timeout: 0 });
db.pragma("busy_timeout = 0");
let timer = null;
const tick = () => {
  try {
    const [row] = db.pragma("wal_checkpoint(PASSIVE)");
    if (row && row.checkpointed > 0) parentPort.postMessage({ checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
  timer = setTimeout(tick, workerData.everyMs);
};
parentPort.on("message", (m) => { if (m === "stop") { clearTimeout(timer); db.close(); parentPort.close(); } });
tick();
`;

type Checkpointer = { worker: Worker; pages: number; lastError: string | null };

const checkpointers = new Map<string, Checkpointer>();

/**
 * Starts the checkpoint worker of a database file (once per process and file; later calls return
 * the running one). Returns false when no worker could be started (better-sqlite3 not resolvable
 * from the working directory, worker threads unavailable): the caller then keeps SQLite's own
 * automatic checkpoint.
 */
export function startSqliteCheckpointer(file: string): boolean {
  const key = path.resolve(file);
  const running = checkpointers.get(key);
  if (running) return true;
  let driver: string;
  try {
    driver = createRequire(path.join(process.cwd(), "noop.js")).resolve("better-sqlite3");
  } catch {
    return false;
  }
  let worker: Worker;
  try {
    worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: key, driver, everyMs: CHECKPOINT_EVERY_MS } });
  } catch {
    return false;
  }
  const state: Checkpointer = { worker, pages: 0, lastError: null };
  worker.on("message", (m: { checkpointed?: number; error?: string }) => {
    if (m.checkpointed) state.pages += m.checkpointed;
    if (m.error && m.error !== state.lastError) {
      state.lastError = m.error;
      console.warn(`sqlite checkpointer (${key}): ${m.error}`);
    }
  });
  worker.on("error", (error) => {
    console.warn(`sqlite checkpointer (${key}) stopped: ${error.message}; SQLite's own checkpoint at ${SAFETY_NET_PAGES} pages remains`);
    checkpointers.delete(key);
  });
  worker.on("exit", () => checkpointers.delete(key));
  // Never what keeps a process (a CLI script, a test run) alive.
  worker.unref();
  checkpointers.set(key, state);
  return true;
}

/** Pages the file's worker has copied into the database so far (0 when none runs): for tests and benchmarks. */
export function checkpointedPages(file: string): number {
  return checkpointers.get(path.resolve(file))?.pages ?? 0;
}

/** Stops the file's worker (tests); SQLite's own checkpoint goes on at the safety net. */
export async function stopSqliteCheckpointer(file: string): Promise<void> {
  const state = checkpointers.get(path.resolve(file));
  if (!state) return;
  checkpointers.delete(path.resolve(file));
  const exited = new Promise<void>((resolve) => state.worker.once("exit", () => resolve()));
  state.worker.postMessage("stop");
  await exited;
}
