/**
 * The media storage of the integration tests, chosen by TEST_STORAGE:
 *
 *   TEST_STORAGE=local  (default) the local driver: files under the test's data directory
 *   TEST_STORAGE=s3     the S3 driver against a real S3 protocol server (s3rver, started here on
 *                       127.0.0.1 with a temporary folder; tests/support/s3-server.ts)
 *
 * tests/support/test-db.ts calls `setUpTestStorage()` before anything loads, so every
 * integration test runs on the chosen driver: `TEST_STORAGE=s3 TEST_DB=sqlite npx vitest run
 * --project integration tests/media-route.test.ts` proves the same behaviour on a bucket.
 * Tests look at what is stored through `storedKeys` / `storedBytes` (either driver), never at
 * `<data>/videos` directly.
 */
import { afterAll } from "vitest";
import { mediaStorage } from "@/lib/storage/media-storage";
import { startS3Server } from "./s3-server";

export type TestStorageDriver = "local" | "s3";

export function testStorageDriver(): TestStorageDriver {
  const value = (process.env.TEST_STORAGE ?? "local").trim().toLowerCase();
  if (value === "local" || value === "s3") return value;
  throw new Error(`TEST_STORAGE must be "local" or "s3", got "${process.env.TEST_STORAGE}"`);
}

/** Points the app at the chosen storage (sets PLAYHEAD_STORAGE and PLAYHEAD_S3_*; closes the server after the file). */
export async function setUpTestStorage(): Promise<TestStorageDriver> {
  const driver = testStorageDriver();
  if (driver === "local") {
    process.env.PLAYHEAD_STORAGE = "local";
    return driver;
  }
  const server = await startS3Server({ bucket: "playhead-test" });
  Object.assign(process.env, server.env);
  afterAll(() => server.close());
  return driver;
}

/** Keys of everything stored under `prefix` (e.g. "videos/"), sorted, relative to the prefix. */
export async function storedKeys(prefix: string): Promise<string[]> {
  return (await mediaStorage().list(prefix)).map((o) => o.key.slice(prefix.length));
}

/** The bytes of a stored object. */
export function storedBytes(key: string): Promise<Buffer> {
  return mediaStorage().get(key);
}
