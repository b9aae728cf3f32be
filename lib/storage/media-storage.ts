import "server-only";
import { dataDir } from "@/lib/config/data-dir";
import { storageConfig, type S3StorageConfig, type StorageConfig } from "@/lib/config/storage-env";
import { LocalStorage } from "./local-storage";
import type { MediaStorage, PutDirectoryOptions, PutOptions, StoredObject } from "./media-storage-types";

/**
 * The S3 driver, loaded on first use: the AWS SDK costs about 20 MB and a quarter of a second to
 * load, which a server on the local driver (the default) never pays.
 */
class LazyS3Storage implements MediaStorage {
  readonly driver = "s3" as const;
  private driverPromise: Promise<MediaStorage> | undefined;

  constructor(private readonly config: S3StorageConfig) {}

  private s3(): Promise<MediaStorage> {
    this.driverPromise ??= import("./s3-storage").then(({ S3Storage }) => new S3Storage(this.config));
    return this.driverPromise;
  }

  describe(): string {
    const c = this.config;
    return `s3://${c.bucket}/${c.prefix}${c.endpoint ? ` at ${c.endpoint}` : ` in ${c.region}`}`;
  }

  async put(key: string, body: Uint8Array | string, opts?: PutOptions) {
    return (await this.s3()).put(key, body, opts);
  }
  async putStream(key: string, body: AsyncIterable<Uint8Array>, opts?: PutOptions) {
    return (await this.s3()).putStream(key, body, opts);
  }
  async putFile(key: string, file: string, opts?: PutOptions & { move?: boolean }) {
    return (await this.s3()).putFile(key, file, opts);
  }
  async putDirectory(prefix: string, dir: string, opts: PutDirectoryOptions) {
    return (await this.s3()).putDirectory(prefix, dir, opts);
  }
  async get(key: string) {
    return (await this.s3()).get(key);
  }
  async getRange(key: string, start: number, end: number, opts?: { signal?: AbortSignal }) {
    return (await this.s3()).getRange(key, start, end, opts);
  }
  async head(key: string): Promise<StoredObject | null> {
    return (await this.s3()).head(key);
  }
  async exists(key: string) {
    return (await this.s3()).exists(key);
  }
  async delete(key: string) {
    return (await this.s3()).delete(key);
  }
  async deletePrefix(prefix: string) {
    return (await this.s3()).deletePrefix(prefix);
  }
  async list(prefix: string) {
    return (await this.s3()).list(prefix);
  }
  async listDirs(prefix: string) {
    return (await this.s3()).listDirs(prefix);
  }
  async withLocalFile<T>(key: string, fn: (file: string) => Promise<T>) {
    return (await this.s3()).withLocalFile(key, fn);
  }
}

let current: { config: StorageConfig; storage: MediaStorage } | undefined;

/**
 * THE media storage of this process, chosen by PLAYHEAD_STORAGE (lib/config/storage-env.ts): the
 * data directory (default) or an S3-compatible bucket. Made once per configuration (a test that
 * switches the variables gets a new one); throws ConfigError naming a bad or missing variable.
 */
export function mediaStorage(): MediaStorage {
  const config = storageConfig();
  if (current?.config !== config) {
    current = { config, storage: config.driver === "s3" ? new LazyS3Storage(config) : new LocalStorage(dataDir) };
  }
  return current.storage;
}
