/**
 * The proxy the load benchmark puts in front of its servers (bench:baseline `--proxy`, and the
 * `--cluster` deployment's HAProxy): nginx (keep-alive upstream, a new connection when none is
 * idle) or HAProxy (at most BENCH_PROXY_MAXCONN requests at once per server, default 16 as in docs/deploy.md, the rest
 * queued in the proxy), in a temporary directory removed when it stops. Benchmark tooling only.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort, groupCpuSeconds, startHaproxy, startNginx, type StartedProxy } from "./harness";

export type BenchProxy = StartedProxy & {
  /** "nginx", "HAProxy (maxconn 32)". */
  name: string;
  /** CPU seconds so far of the proxy's processes. */
  cpuSeconds: () => number;
};

/** BENCH_PROXY_MAXCONN: HAProxy's requests at once per server (default 16, the maxconn of the configuration docs/deploy.md recommends). */
export function benchProxyMaxConn(): number {
  return Number(process.env.BENCH_PROXY_MAXCONN ?? 16);
}

/** Starts `kind` on a free port in front of `upstreams` ("host:port"); resolves once `readyPath` answers through it. */
export async function startBenchProxy(kind: "nginx" | "haproxy", upstreams: string[], readyPath: string): Promise<BenchProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `playhead-bench-${kind}-`));
  const port = await freePort();
  const maxConn = benchProxyMaxConn();
  let proxy: StartedProxy;
  try {
    proxy =
      kind === "nginx"
        ? await startNginx({ port, upstreams, prefix: dir, accessLog: false, readyPath })
        : await startHaproxy({ port, upstreams, dir, maxConnPerInstance: maxConn, readyPath });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    ...proxy,
    name: kind === "nginx" ? "nginx" : `HAProxy (maxconn ${maxConn})`,
    cpuSeconds: () => groupCpuSeconds(proxy.pid),
    stop: async () => {
      await proxy.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
