import "server-only";
import { z } from "zod";
import { text } from "@/lib/http/text-schema";
import { HttpError } from "@/lib/http/http-error";
import { PREDICTION_FORMATS } from "./types";

/** Largest prediction file accepted (PLAYHEAD_MAX_PREDICTION_BYTES, default 64 MiB). */
export function maxPredictionBytes(): number {
  const v = Number(process.env.PLAYHEAD_MAX_PREDICTION_BYTES);
  return Number.isSafeInteger(v) && v > 0 ? v : 64 * 1024 * 1024;
}

/** Options of an upload: query parameters, or fields of a multipart form (which win). */
export const uploadOptionsSchema = z.object({
  name: text().max(1000).optional(),
  format: z.enum(PREDICTION_FORMATS).optional(),
  kind: z.enum(["MODEL", "HUMAN"]).optional(),
  ifExists: z.enum(["error", "version"]).optional(),
  answerColumn: text().trim().min(1).max(200).optional(),
  clipsColumn: text().trim().min(1).max(200).optional(),
  variant: z.enum(["reference", "paper"]).optional(),
  fileName: text().max(300).optional(),
});
export type UploadOptions = z.infer<typeof uploadOptionsSchema>;

const FIELDS = ["name", "format", "kind", "ifExists", "answerColumn", "clipsColumn", "variant", "fileName"] as const;

function tooLarge(max: number): HttpError {
  return new HttpError(413, `The prediction file is larger than ${Math.round(max / 1024 / 1024)} MiB.`, "too_large", { maxBytes: max });
}

async function readCapped(request: Request, max: number): Promise<Uint8Array> {
  const reader = request.body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let part: ReadableStreamReadResult<Uint8Array>;
    try {
      part = await reader.read();
    } catch {
      throw new HttpError(400, "The upload was interrupted before the whole file arrived.", "upload_aborted");
    }
    if (part.done) break;
    size += part.value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(max);
    }
    chunks.push(part.value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads a prediction upload: `multipart/form-data` with a `file` part (and optional option
 * fields), or the raw file as the body (any other content type) with options in the query string
 * and the file name in `x-file-name` (percent-encoded) or `?fileName=`. The text is decoded as
 * UTF-8 (a BOM is dropped); the bytes as received come back too (the run records their SHA-256). Over the size limit → 413; options are validated (400 naming the field).
 */
export async function readUploadRequest(request: Request, query: Record<string, string>): Promise<{ text: string; bytes: Uint8Array; options: UploadOptions }> {
  const max = maxPredictionBytes();
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > max + 64 * 1024) throw tooLarge(max);
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const merged: Record<string, string> = {};
  for (const f of FIELDS) if (typeof query[f] === "string") merged[f] = query[f];
  let text: string;
  let bytes: Uint8Array;
  if (type.startsWith("multipart/form-data")) {
    // Read through the size cap first (a streamed multipart body has no Content-Length to check).
    const body = await readCapped(request, max + 64 * 1024);
    let form: FormData;
    try {
      form = await new Response(body as unknown as BodyInit, { headers: { "content-type": request.headers.get("content-type") ?? type } }).formData();
    } catch (error) {
      throw new HttpError(400, `The multipart body cannot be read (${(error as Error).message}).`, "invalid_multipart");
    }
    const file = form.get("file");
    if (!file || typeof file === "string") throw new HttpError(400, 'field "file": attach the prediction file as the "file" part of the form.', "missing_file", { field: "file" });
    if (file.size > max) throw tooLarge(max);
    bytes = new Uint8Array(await file.arrayBuffer());
    text = new TextDecoder().decode(bytes);
    if (!merged.fileName && file.name) merged.fileName = file.name;
    for (const f of FIELDS) {
      const v = form.get(f);
      if (typeof v === "string" && v !== "") merged[f] = v;
    }
  } else {
    bytes = await readCapped(request, max);
    text = new TextDecoder().decode(bytes);
    const header = request.headers.get("x-file-name");
    if (header && !merged.fileName) {
      try {
        merged.fileName = decodeURIComponent(header);
      } catch {
        merged.fileName = header;
      }
    }
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const options = uploadOptionsSchema.parse(merged);
  return { text, bytes, options };
}
