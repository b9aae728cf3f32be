import { ConfigError, env } from "./env";

/**
 * Validates the configuration at server start (called from instrumentation.ts, Node runtime
 * only): a bad or missing variable stops the server with a message naming it (the storage
 * variables too: PLAYHEAD_STORAGE=s3 without PLAYHEAD_S3_BUCKET never starts).
 */
export function checkConfigAtStartup(): void {
  try {
    const config = env();
    if (config.usingDevSecret && config.nodeEnv !== "test") {
      console.warn("[playhead] NEXTAUTH_SECRET is not set: using the built-in development secret (never do this in production).");
    }
    if (config.storage.driver === "s3") {
      const s3 = config.storage;
      console.info(`[playhead] media storage: s3://${s3.bucket}/${s3.prefix}${s3.endpoint ? ` at ${s3.endpoint}` : ` in ${s3.region}`} (docs/deploy.md)`);
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[playhead] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
