/**
 * Another process on the test database (tests/transaction-isolation.test.ts), as a second
 * instance or `npm run worker` would be: connects, prints "ready", then for each email read on
 * stdin creates that user and prints "created <email>".
 */
import { createInterface } from "node:readline";
import { db } from "@/lib/db/prisma";

await db.user.count();
console.log("ready");
for await (const line of createInterface({ input: process.stdin })) {
  const email = line.trim();
  if (!email) continue;
  await db.user.create({ data: { email } });
  console.log(`created ${email}`);
}
await db.$disconnect();
