/**
 * Derives the PostgreSQL schema from the one source schema (`prisma/schema.prisma`, SQLite):
 * only the datasource provider and the generated client's output directory differ.
 * Pure text transform so the drift test can recompute it.
 */
export function derivePostgresSchema(source: string): string {
  const provider = /(datasource\s+db\s*\{[^}]*provider\s*=\s*)"sqlite"/;
  const output = /(generator\s+client\s*\{[^}]*output\s*=\s*)"\.\.\/lib\/generated\/prisma-sqlite"/;
  if (!provider.test(source)) throw new Error('prisma/schema.prisma: datasource db must say provider = "sqlite"');
  if (!output.test(source)) {
    throw new Error('prisma/schema.prisma: generator client must say output = "../lib/generated/prisma-sqlite"');
  }
  const header =
    "// GENERATED from prisma/schema.prisma by `npm run db:schemas`. Do not edit: edit the source.\n";
  return (
    header +
    source
      .replace(provider, '$1"postgresql"')
      .replace(output, '$1"../../lib/generated/prisma-postgres"')
  );
}
