import "server-only";
import { dataDir } from "@/lib/config/data-dir";
import { storageConfig, type StorageConfig } from "@/lib/config/storage-env";
import { LocalStorage } from "./local-storage";
import type { MediaStorage } from "./media-storage-types";
import { S3Storage } from "./s3-storage";

let current: { config: StorageConfig; storage: MediaStorage } | undefined;

/**
 * THE media storage of this process, chosen by PLAYHEAD_STORAGE (lib/config/storage-env.ts): the
 * data directory (default) or an S3-compatible bucket. Made once per configuration (a test that
 * switches the variables gets a new one); throws ConfigError naming a bad or missing variable.
 */
export function mediaStorage(): MediaStorage {
  const config = storageConfig();
  if (current?.config !== config) {
    current = { config, storage: config.driver === "s3" ? new S3Storage(config) : new LocalStorage(dataDir) };
  }
  return current.storage;
}
