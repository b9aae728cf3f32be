import "server-only";
import { randomUUID } from "node:crypto";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
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

/** Reads a binary PTS sidecar; a malformed file throws PtsTableFormatError naming the file. */
export async function readPtsSidecar(file: string): Promise<PtsTable> {
  const bytes = await readFile(file);
  try {
    return decodePtsTable(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  } catch (e) {
    if (e instanceof PtsTableFormatError) throw new PtsTableFormatError(`${path.basename(file)}: ${e.message}`);
    throw e;
  }
}
