import "server-only";
import { randomUUID } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaStorage } from "@/lib/storage/media-storage";
import { decodePtsTable, encodePtsTable, PtsTableFormatError, type PtsTable } from "./pts-table";

/** Writes the binary PTS sidecar atomically (temporary file + rename). */
export async function writePtsSidecar(file: string, table: PtsTable): Promise<void> {
  const bytes = encodePtsTable(table);
  const tmp = path.join(path.dirname(file), `.tmp-${randomUUID()}-${path.basename(file)}`);
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (e) {
    await rm(tmp, { force: true });
    throw e;
  }
}

function decodeSidecar(bytes: Buffer, name: string): PtsTable {
  try {
    return decodePtsTable(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    if (e instanceof PtsTableFormatError) throw new PtsTableFormatError(`${name}: ${e.message}`);
    throw e;
  }
}

/** Reads a binary PTS sidecar file; a malformed file throws PtsTableFormatError naming the file. */
export async function readPtsSidecar(file: string): Promise<PtsTable> {
  return decodeSidecar(await readFile(file), path.basename(file));
}

/**
 * Reads a stored PTS sidecar (a key of the media storage, lib/video/storage-paths.ts). A missing
 * one throws StorageNotFoundError (code ENOENT), a malformed one PtsTableFormatError naming it.
 */
export async function readStoredPtsSidecar(key: string): Promise<PtsTable> {
  return decodeSidecar(await mediaStorage().get(key), key.slice(key.lastIndexOf("/") + 1));
}
