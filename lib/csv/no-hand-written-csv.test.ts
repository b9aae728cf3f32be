import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every CSV Playhead writes goes through lib/csv/write-csv.ts (quoting and the formula guard in one
 * place). This reads every source file of the app and the scripts (app/, components/, lib/,
 * scripts/; tests and lib/csv itself excepted) and fails on any sign of a CSV written by hand:
 * csv-stringify used directly, RFC 4180 quote doubling (`replace(/"/g, '""')`), or a cell-quoting
 * helper of its own. (dependency-cruiser cannot do this: node_modules are not cruised.)
 */
const ROOTS = ["app", "components", "lib", "scripts"];
const root = process.cwd();

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) {
      if (name === "node_modules" || name === "generated") continue;
      out.push(...sourceFiles(full));
    } else if (/\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/** Source without comments (block and line), so prose about CSV does not count. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:\\])\/\/.*$/gm, "$1");
}

const RULES: { name: string; pattern: RegExp }[] = [
  { name: "imports csv-stringify (use csvText from @/lib/csv/write-csv)", pattern: /from\s+["']csv-stringify|require\(\s*["']csv-stringify/ },
  {
    name: "doubles quotes by hand (RFC 4180 quoting belongs to lib/csv)",
    pattern: /replace(?:All)?\(\s*(?:\/"\/g|(["'`])\\?"\1)\s*,\s*(?:\(\)\s*=>\s*)?(["'`])(?:""|\\"\\")\2\s*\)/,
  },
  { name: "defines its own CSV cell helper", pattern: /\b(?:function\s+csv(?:Cell|Field|Escape|Quote|Row|Line)\b|(?:const|let)\s+csv(?:Cell|Field|Escape|Quote|Row|Line)\s*=)/ },
];

export function handWrittenCsv(source: string): string[] {
  const c = code(source);
  return RULES.filter((r) => r.pattern.test(c)).map((r) => r.name);
}

describe("one CSV writer", () => {
  it("recognises the hand-written CSV of the writers it replaced", () => {
    // The four writers before lib/csv, and the scripts' quoting.
    expect(handWrittenCsv(`export function csvCell(value: unknown): string {\n  const s = String(value);\n  return /[",\\r\\n]/.test(s) ? \`"\${s.replace(/"/g, '""')}"\` : s;\n}`)).toHaveLength(2);
    expect(handWrittenCsv(`function cell(v) { return /[",]/.test(s) ? \`"\${s.replace(/"/g, '""')}"\` : s; }`)).toHaveLength(1);
    expect(handWrittenCsv(`const q = (s: string) => \`"\${s.replace(/"/g, '""')}"\`;`)).toHaveLength(1);
    expect(handWrittenCsv(`return \`"\${v.replaceAll('"', '""')}"\`;`)).toHaveLength(1);
    expect(handWrittenCsv(`import { stringify } from "csv-stringify/sync";`)).toHaveLength(1);
    expect(handWrittenCsv(`// a comment saying replace(/"/g, '""')\nconst x = 1;`)).toEqual([]);
    expect(handWrittenCsv(`const safe = name.replace(/"/g, "&quot;");`)).toEqual([]);
  });

  it("no source file outside lib/csv writes CSV by hand", () => {
    const offenders: string[] = [];
    const files = ROOTS.flatMap((r) => sourceFiles(path.join(root, r)));
    expect(files.length).toBeGreaterThan(300);
    for (const file of files) {
      const rel = path.relative(root, file);
      if (rel.startsWith(`lib${path.sep}csv${path.sep}`)) continue;
      for (const rule of handWrittenCsv(readFileSync(file, "utf8"))) offenders.push(`${rel}: ${rule}`);
    }
    expect(offenders).toEqual([]);
  });
});
