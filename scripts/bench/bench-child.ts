import { spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
const PREFIX = "BENCH_JSON ";

/** Writes a bench child's figures as the one line its parent reads ({@link runBenchChild}). */
export function writeBenchFigures(figures: unknown): void {
  process.stdout.write(`${PREFIX}${JSON.stringify(figures)}\n`);
}

/**
 * Runs `scripts/<script> --child ...args` in a fresh production-mode process on the given database
 * and data directory (so its memory and timings are its own), and resolves with the figures it
 * wrote through {@link writeBenchFigures}. A non-zero exit or no figures line rejects with the tail
 * of its output.
 */
export function runBenchChild<T>(script: string, args: string[], env: Record<string, string>): Promise<T> {
  return new Promise((resolve, reject) => {
    const tsx = path.join(ROOT, "node_modules", ".bin", "tsx");
    const p = spawn(tsx, ["--conditions=react-server", path.join(ROOT, "scripts", script), "--child", ...args], {
      cwd: ROOT,
      env: { ...process.env, NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET || "bench-secret", NODE_ENV: "production", ...env },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let stdout = "";
    p.stdout.on("data", (d) => (stdout += d));
    p.on("error", reject);
    p.on("close", (code) => {
      const line = stdout.split("\n").find((l) => l.startsWith(PREFIX));
      if (code !== 0 || !line) reject(new Error(`bench child exited with ${code}: ${stdout.slice(-500)}`));
      else resolve(JSON.parse(line.slice(PREFIX.length)) as T);
    });
  });
}
