import "server-only";
import { createHash } from "node:crypto";

/**
 * The uploaded prediction file of a run as received (issue 22's reproducibility manifest): the
 * SHA-256 of its bytes, its size and its original name, recorded on the ModelRun when it is
 * created from a file. Every way a run gets a file (POST /api/projects/[id]/runs from the upload
 * form, scripts or the API; `npm run runs:upload`; the demo seed and benchmarks) goes through
 * `uploadRun` (lib/runs/score-run.ts), which sets the columns with `runFileColumns` only.
 */
export type RunFile = { sha256: string; bytes: number; name: string | null };

/** The facts of a file from its bytes as sent (or, when only the text is at hand, its UTF-8 encoding). */
export function runFile(content: Uint8Array | string, name?: string | null): RunFile {
  const bytes = typeof content === "string" ? Buffer.from(content, "utf8") : content;
  return { sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength, name: name ?? null };
}

/** The ModelRun columns that record the file. */
export function runFileColumns(file: RunFile): { fileSha256: string; fileBytes: number; fileName: string | null } {
  return { fileSha256: file.sha256, fileBytes: file.bytes, fileName: file.name };
}
