import "server-only";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SqlMigrationAwareDriverAdapterFactory } from "@prisma/driver-adapter-utils";
import type { SchemaEngine } from "@prisma/schema-engine-wasm";

type BgModule = typeof import("@prisma/schema-engine-wasm/schema_engine_bg") & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

let loaded: Promise<BgModule> | null = null;

/**
 * Loads Prisma's WebAssembly schema engine (published on npm as @prisma/schema-engine-wasm).
 * The package targets bundlers; in Node we instantiate the .wasm ourselves. This is what lets
 * migrations run offline: the CLI's native schema engine is a download that fails here.
 */
function loadEngineModule(): Promise<BgModule> {
  loaded ??= (async () => {
    const require = createRequire(import.meta.url);
    const pkgDir = path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg"));
    const bg = (await import(
      /* webpackIgnore: true */ path.join(pkgDir, "schema_engine_bg.js")
    )) as BgModule;
    const bytes = await readFile(path.join(pkgDir, "schema_engine_bg.wasm"));
    const { instance } = await WebAssembly.instantiate(bytes, { "./schema_engine_bg.js": bg as never });
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
    return bg;
  })();
  return loaded;
}

export type OpenEngine = { engine: SchemaEngine; close(): Promise<void> };

/**
 * Opens a schema engine bound to a driver adapter (SQLite or PostgreSQL). `close()` frees the
 * engine AND disposes every connection it opened: the engine never closes them itself, and a
 * lingering SQLite connection keeps a lock that makes the next engine fail with SQLITE_BUSY.
 */
export async function openSchemaEngine(
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
  datamodels: Array<[string, string]> = [],
  log: (line: string) => void = () => {},
): Promise<OpenEngine> {
  const bg = await loadEngineModule();
  const Engine = (bg as unknown as { SchemaEngine: typeof SchemaEngine }).SchemaEngine;
  const opened: Array<{ dispose(): Promise<void> }> = [];
  const tracking: SqlMigrationAwareDriverAdapterFactory = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => {
      const adapter = await adapterFactory.connect();
      opened.push(adapter);
      return adapter;
    },
    connectToShadowDb: async () => {
      const adapter = await adapterFactory.connectToShadowDb();
      opened.push(adapter);
      return adapter;
    },
  };
  const engine = await Engine.new({ datamodels }, (line: string) => log(line), bindMigrationAwareSqlAdapterFactory(tracking));
  return {
    engine,
    async close() {
      engine.free();
      await Promise.allSettled(opened.map((a) => a.dispose()));
    },
  };
}
