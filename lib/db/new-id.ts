import "server-only";
import { randomBytes } from "node:crypto";

let counter = 0;

/** A collision-resistant, roughly time-ordered id for rows created in bulk (createMany cannot return ids). */
export function newId(): string {
  counter = (counter + 1) % 1679616;
  return `c${Date.now().toString(36)}${counter.toString(36).padStart(4, "0")}${randomBytes(6).toString("hex")}`;
}
