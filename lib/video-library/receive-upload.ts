import "server-only";
import { open, rm } from "node:fs/promises";
import { HttpError } from "@/lib/http/http-error";
import { formatBytes } from "./format";
import { newUploadTempPath } from "./staging";

/** Bytes gathered before one write to disk (fewer, larger writes; at most this much in memory). */
const WRITE_BATCH_BYTES = 1 << 20;

export type ReceivedUpload = { file: string; size: number };

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, `The file is larger than the upload limit of ${formatBytes(maxBytes)}.`, "too_large", { maxBytes });
}

/**
 * Streams a raw request body into a new temp file under `<data>/tmp` (never holding more than
 * about 1 MiB of it in memory) and returns its path. Refuses with 413 before reading anything
 * when Content-Length is above `maxBytes`, and as soon as the bytes received cross it otherwise;
 * an aborted upload (client gone, or fewer bytes than Content-Length announced) is a 400. In
 * every failure the temp file is removed before the error propagates.
 */
export async function receiveUpload(request: Request, maxBytes: number): Promise<ReceivedUpload> {
  const declaredRaw = request.headers.get("content-length");
  const declared = declaredRaw !== null && /^\d+$/.test(declaredRaw.trim()) ? Number(declaredRaw) : null;
  if (declared !== null && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    throw tooLarge(maxBytes);
  }
  if (declared === 0 || !request.body) throw new HttpError(400, "The request has no body: send the file's bytes as the body.", "empty_upload");
  const file = await newUploadTempPath();
  const handle = await open(file, "wx");
  const reader = request.body.getReader();
  let size = 0;
  try {
    let batch: Uint8Array[] = [];
    let batchBytes = 0;
    const flush = async () => {
      if (!batchBytes) return;
      const buf = batch.length === 1 ? batch[0] : Buffer.concat(batch, batchBytes);
      batch = [];
      batchBytes = 0;
      let off = 0;
      while (off < buf.byteLength) {
        const { bytesWritten } = await handle.write(buf, off, buf.byteLength - off);
        off += bytesWritten;
      }
    };
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        throw new HttpError(400, "The upload was interrupted before the whole file arrived.", "upload_aborted");
      }
      if (chunk.done) break;
      size += chunk.value.byteLength;
      if (size > maxBytes) throw tooLarge(maxBytes);
      batch.push(chunk.value);
      batchBytes += chunk.value.byteLength;
      if (batchBytes >= WRITE_BATCH_BYTES) await flush();
    }
    await flush();
    if (request.signal?.aborted || (declared !== null && size !== declared)) {
      throw new HttpError(
        400,
        `The upload was interrupted: ${size} of ${declared ?? "?"} bytes arrived.`,
        "upload_aborted",
      );
    }
    if (size === 0) throw new HttpError(400, "The request has no body: send the file's bytes as the body.", "empty_upload");
    await handle.close();
    return { file, size };
  } catch (e) {
    await reader.cancel().catch(() => undefined);
    await handle.close().catch(() => undefined);
    await rm(file, { force: true });
    throw e;
  }
}
