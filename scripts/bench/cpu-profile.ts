/**
 * A V8 CPU profile of one stretch of a bench (node:inspector, in process), summarised as the
 * functions with the most self time: `BENCH_PROFILE=1 npm run bench:<name>` prints the top 25.
 */
import { Session } from "node:inspector/promises";

type ProfileNode = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] };
export type Profile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

export async function withCpuProfile<T>(enabled: boolean, label: string, run: () => Promise<T>, top = 25): Promise<T> {
  if (!enabled) return run();
  const session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 200 });
  await session.post("Profiler.start");
  try {
    return await run();
  } finally {
    const { profile } = (await session.post("Profiler.stop")) as unknown as { profile: Profile };
    session.disconnect();
    printSelfTime(profile, label, top);
  }
}

export function printSelfTime(profile: Profile, label: string, top: number): void {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    total += dt;
    const f = byId.get(id)?.callFrame;
    if (!f) return;
    const file = f.url.replace(/^.*\/(node_modules\/[^/]+|lib|app|scripts)\//, "$1/");
    const key = `${f.functionName || "(anonymous)"} ${file}:${f.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
  });
  console.log(`  profile of ${label}: ${(total / 1e6).toFixed(2)} s sampled; most self time:`);
  for (const [key, us] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`);
  }
  // Inclusive time of the project's own functions (lib/, app/): each sample counted once per function on its stack.
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i] ?? 0;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const f = byId.get(at)?.callFrame;
      if (!f || !/\/(lib|app)\//.test(f.url) || /node_modules/.test(f.url)) continue;
      const key = `${f.functionName || "(anonymous)"} ${f.url.replace(/^.*\/(lib|app)\//, "$1/")}`;
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + dt);
    }
  });
  console.log("  most inclusive time in the project's own functions:");
  for (const [key, us] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`    ${(us / 1e3).toFixed(0).padStart(7)} ms  ${key}`);
  }
}
