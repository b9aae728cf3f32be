/**
 * A real S3 protocol server for the tests: `s3rver` (dev dependency; a small S3 implementation
 * that keeps objects in a folder), run in the test process on 127.0.0.1 with a temporary folder
 * and the credentials S3RVER / S3RVER. Path-style addressing (`<endpoint>/<bucket>/<key>`).
 * Port: TEST_S3_PORT, else a free one chosen by the system.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { storageConfig, type S3StorageConfig } from "@/lib/config/storage-env";
import { s3rverEnv } from "@/scripts/cluster/s3rver-env";

export type TestS3Server = {
  endpoint: string;
  bucket: string;
  /** PLAYHEAD_STORAGE=s3 and the PLAYHEAD_S3_* variables pointing at this server. */
  env: Record<string, string>;
  config: S3StorageConfig;
  close: () => Promise<void>;
};

export async function startS3Server(opts: { bucket?: string; prefix?: string } = {}): Promise<TestS3Server> {
  const bucket = opts.bucket ?? "playhead-test";
  const directory = await mkdtemp(path.join(os.tmpdir(), "playhead-s3rver-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: Number(process.env.TEST_S3_PORT ?? 0),
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const prefix = opts.prefix ?? "";
  const env = s3rverEnv(endpoint, bucket, prefix);
  // Read by the app's own parser, as an instance reads its environment (a 256 MiB cache).
  const config = storageConfig({ ...env, PLAYHEAD_S3_CACHE_MB: "256" }) as S3StorageConfig;
  return {
    endpoint,
    bucket,
    env,
    config,
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
