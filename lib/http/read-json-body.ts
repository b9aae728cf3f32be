import { HttpError } from "./http-error";

/** Reads a JSON request body, refusing more than `maxBytes` (413) and malformed JSON (400). */
export async function readJsonBody(request: Request, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new HttpError(413, `Body is larger than ${maxBytes} bytes.`);
  const reader = request.body?.getReader();
  if (!reader) throw new HttpError(400, "Body is empty: expected JSON.");
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, `Body is larger than ${maxBytes} bytes.`);
    }
    chunks.push(value);
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks));
  if (!text.trim()) throw new HttpError(400, "Body is empty: expected JSON.");
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new HttpError(400, `Body is not valid JSON: ${(error as Error).message}`, "invalid_json");
  }
}
