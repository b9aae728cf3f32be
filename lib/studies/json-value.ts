import { Prisma } from "@/lib/generated/prisma-sqlite/client";

/** A value for a Prisma Json column: JSON null written as Prisma's JsonNull (a bare null is refused). */
export function jsonValue(value: unknown): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  return value === null || value === undefined ? Prisma.JsonNull : (value as Prisma.InputJsonValue);
}
