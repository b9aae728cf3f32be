import "server-only";
import { createHash } from "node:crypto";
import { encodeDerived } from "./derived-json";

/**
 * SHA-256 (hex) of the inputs of a derived result: their JSON text as derived-json.ts writes it
 * (NaN and null differ), so equal inputs built the same way hash the same in every instance.
 */
export function inputHash(inputs: unknown): string {
  return createHash("sha256").update(encodeDerived(inputs)).digest("hex");
}
