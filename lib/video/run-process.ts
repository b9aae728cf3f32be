import "server-only";
import { spawn } from "node:child_process";

export type ProcessResult = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: Buffer;
  stderr: string;
};

export type RunOptions = {
  /** Kill the process (SIGKILL) after this many ms. */
  timeoutMs?: number;
  /** Data written to stdin (then closed). */
  input?: Buffer | string;
  /** Max stderr characters kept (the tail is kept). */
  maxStderr?: number;
  signal?: AbortSignal;
};

/** Error for a tool that could not be started (e.g. ffmpeg not installed). */
export class ToolMissingError extends Error {
  constructor(readonly tool: string, cause: unknown) {
    super(`${tool} could not be started (${(cause as Error)?.message ?? String(cause)}); is it installed and on PATH?`);
    this.name = "ToolMissingError";
  }
}

/**
 * Runs a command without a shell (arguments are passed verbatim) and collects
 * stdout (bytes) and stderr (text). Never rejects for a non-zero exit code:
 * callers inspect `code`. Rejects only if the process cannot be started.
 */
export function runProcess(command: string, args: readonly string[], opts: RunOptions = {}): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], signal: opts.signal });
    const out: Buffer[] = [];
    let err = "";
    const maxErr = opts.maxStderr ?? 64_000;
    let timer: NodeJS.Timeout | undefined;
    if (opts.timeoutMs) timer = setTimeout(() => child.kill("SIGKILL"), opts.timeoutMs);
    child.stdout.on("data", (d: Buffer) => out.push(d));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString("utf8");
      if (err.length > maxErr * 2) err = err.slice(-maxErr);
    });
    child.on("error", (e) => {
      if (timer) clearTimeout(timer);
      reject((e as NodeJS.ErrnoException).code === "ENOENT" ? new ToolMissingError(command, e) : e);
    });
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      resolve({ code, signal, stdout: Buffer.concat(out), stderr: err.length > maxErr ? err.slice(-maxErr) : err });
    });
    child.stdin.on("error", () => {
      /* the tool may exit before reading all input; its exit code tells */
    });
    if (opts.input !== undefined) child.stdin.end(opts.input);
    else child.stdin.end();
  });
}

/** Last non-empty lines of a tool's stderr, for error messages. */
export function stderrTail(stderr: string, lines = 3): string {
  return stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean)
    .slice(-lines)
    .join("; ");
}
