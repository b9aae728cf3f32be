import "server-only";
import { randomFillSync } from "node:crypto";

let counter = 0;

/** Random bytes drawn 4 KiB at a time: one `randomBytes` call per id cost 20-40 µs each under load (npm run bench:baseline profile). */
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;

function randomHex(bytes: number): string {
  if (poolOffset + bytes > pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  const hex = pool.toString("hex", poolOffset, poolOffset + bytes);
  poolOffset += bytes;
  return hex;
}

/**
 * A collision-resistant, roughly time-ordered row id in the style of the schema's cuid()s, for
 * rows written without the ORM (direct statements, raw bulk INSERTs; createMany cannot return
 * ids): "c" + milliseconds (base 36) + a per-process counter + 48 random bits, so two processes
 * writing in the same millisecond still differ. Each id uses its own random bytes (never reused).
 */
export function newId(): string {
  counter = (counter + 1) % 1679616;
  return `c${Date.now().toString(36)}${counter.toString(36).padStart(4, "0")}${randomHex(6)}`;
}
