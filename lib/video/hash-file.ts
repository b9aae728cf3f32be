import "server-only";
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";

/** Streaming SHA-256 of a file, lowercase hex. */
export async function sha256File(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
  return hash.digest("hex");
}
