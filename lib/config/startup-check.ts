import { ConfigError, env } from "./env";

/**
 * Validates the configuration at server start (called from instrumentation.ts, Node runtime
 * only): a bad or missing variable stops the server with a message naming it.
 */
export function checkConfigAtStartup(): void {
  try {
    const config = env();
    if (config.usingDevSecret && config.nodeEnv !== "test") {
      console.warn("[playhead] NEXTAUTH_SECRET is not set: using the built-in development secret (never do this in production).");
    }
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`[playhead] ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}
