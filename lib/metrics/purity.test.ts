/**
 * Purity guard for the metric library: every non-test `.ts` file under lib/metrics/ must
 * run unchanged in the browser, the server and the CLI. This test parses each file with
 * the TypeScript compiler (syntax + scope resolution only, no type checking) and fails,
 * naming file, line and source text, when a file
 *
 * - imports (static `import`/`export … from`, `import x = require()`, dynamic `import()`,
 *   `import("…")` types) a Node built-in (`node:*`, `fs`, `path`, …), `@prisma/*`,
 *   `next` / `next/*`, `react` / `react-dom` (and their subpaths), or a module outside
 *   lib/metrics/ (a relative path escaping it, an `@/` path not under `@/lib/metrics/`,
 *   an absolute path);
 * - references one of the globals `window`, `document`, `process`, `Buffer`, `require`,
 *   `fetch` (also as `globalThis.x` / `self.x`). A local variable, parameter, import or
 *   property that merely has one of these names is fine (`window` is a VCBench concept),
 *   as are comments and strings.
 *
 * Test files (`*.test.ts`) are exempt: they may use Node to read fixtures (this one does).
 */
import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const METRICS_DIR = dirname(fileURLToPath(import.meta.url));
const REPO_ROOT = resolve(METRICS_DIR, "..", "..");

const BANNED_GLOBALS = new Set(["window", "document", "process", "Buffer", "require", "fetch"]);
const GLOBAL_OBJECTS = new Set(["globalThis", "self", "global"]);
const NODE_BUILTINS = new Set(builtinModules.map((m) => m.replace(/^node:/, "")));

type SourceInput = { path: string; text: string };
type Violation = { file: string; line: number; reason: string; source: string };

/** Non-test `.ts`/`.tsx` files under `dir`, recursively, sorted. */
function metricSourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) out.push(...metricSourceFiles(full));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(full);
    }
  }
  return out.sort();
}

function isInsideMetrics(absPath: string): boolean {
  const rel = relative(METRICS_DIR, absPath);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

/** Why importing `spec` from `file` breaks purity, or null when it is allowed. */
function importProblem(spec: string, file: string): string | null {
  if (spec.startsWith("node:")) return `imports the Node built-in module "${spec}"`;
  const root = spec.split("/")[0];
  if (NODE_BUILTINS.has(spec) || (!spec.startsWith("@") && NODE_BUILTINS.has(root))) {
    return `imports the Node built-in module "${spec}"`;
  }
  if (spec.startsWith("@prisma/")) return `imports Prisma ("${spec}")`;
  if (spec === "next" || spec.startsWith("next/")) return `imports Next.js ("${spec}")`;
  if (/^react(-dom)?(\/|$)/.test(spec)) return `imports React ("${spec}")`;
  let target: string | null = null;
  if (spec.startsWith("./") || spec.startsWith("../") || spec === "." || spec === "..") target = resolve(dirname(file), spec);
  else if (spec.startsWith("@/")) target = resolve(REPO_ROOT, spec.slice(2));
  else if (isAbsolute(spec)) target = spec;
  if (target !== null && !isInsideMetrics(target)) return `imports "${spec}", which is outside lib/metrics/`;
  return null;
}

/** Is `id` only a name (of a property, a member or a declaration) rather than a reference? */
function isNameOnly(id: ts.Identifier): boolean {
  const p = id.parent;
  if (!p) return false;
  if (ts.isPropertyAccessExpression(p) && p.name === id) return true;
  if (ts.isQualifiedName(p) && p.right === id) return true;
  if (ts.isBindingElement(p) && p.propertyName === id) return true;
  if (ts.isImportSpecifier(p) && p.propertyName === id) return true;
  if (ts.isExportSpecifier(p) && p.name === id && p.propertyName !== undefined) return true;
  if (ts.isLabeledStatement(p) || ts.isBreakOrContinueStatement(p)) return true;
  if (ts.isShorthandPropertyAssignment(p)) return false;
  // declaration and member names: `const window = …`, `{ window: 1 }`, `type T = { document: … }`
  return (p as { name?: ts.Node }).name === id && NAMED_DECLARATION_KINDS.has(p.kind);
}

const K = ts.SyntaxKind;
const NAMED_DECLARATION_KINDS = new Set<ts.SyntaxKind>([
  K.VariableDeclaration, K.Parameter, K.BindingElement, K.FunctionDeclaration, K.FunctionExpression,
  K.ClassDeclaration, K.ClassExpression, K.InterfaceDeclaration, K.TypeAliasDeclaration, K.EnumDeclaration,
  K.EnumMember, K.ModuleDeclaration, K.ImportClause, K.ImportSpecifier, K.NamespaceImport,
  K.ImportEqualsDeclaration, K.NamespaceExport, K.TypeParameter, K.PropertyDeclaration, K.PropertySignature,
  K.MethodDeclaration, K.MethodSignature, K.GetAccessor, K.SetAccessor, K.PropertyAssignment,
]);

/** Scans sources (real or virtual) and returns every purity violation. */
function findViolations(sources: SourceInput[]): Violation[] {
  const texts = new Map(sources.map((s) => [resolve(s.path), s.text]));
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    noLib: true, // no lib.d.ts: an undeclared `window` stays unresolved, i.e. global
    noResolve: true, // scan only the given files
    noEmit: true,
    allowJs: false,
  };
  const host = ts.createCompilerHost(options);
  host.getSourceFile = (fileName, languageVersion) => {
    const text = texts.get(resolve(fileName));
    return text === undefined ? undefined : ts.createSourceFile(fileName, text, languageVersion, true);
  };
  host.fileExists = (fileName) => texts.has(resolve(fileName));
  host.readFile = (fileName) => texts.get(resolve(fileName));
  const program = ts.createProgram([...texts.keys()], options, host);
  const checker = program.getTypeChecker();
  const violations: Violation[] = [];

  for (const path of texts.keys()) {
    const sf = program.getSourceFile(path);
    if (!sf) continue;
    const lines = sf.text.split(/\r?\n/);
    const report = (node: ts.Node, reason: string) => {
      const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      violations.push({ file: relative(REPO_ROOT, path), line: line + 1, reason, source: (lines[line] ?? "").trim() });
    };
    const checkSpecifier = (lit: ts.Node | undefined, at: ts.Node) => {
      if (!lit || !ts.isStringLiteralLike(lit)) return;
      const problem = importProblem(lit.text, path);
      if (problem) report(at, problem);
    };
    const isGlobalReference = (id: ts.Identifier): boolean => {
      const symbol = ts.isShorthandPropertyAssignment(id.parent)
        ? checker.getShorthandAssignmentValueSymbol(id.parent)
        : checker.getSymbolAtLocation(id);
      const decls = symbol?.declarations ?? [];
      if (decls.length === 0) return true; // not declared in the file: the global
      return decls.every(
        (d) => d.getSourceFile() !== sf || (ts.getCombinedModifierFlags(d) & ts.ModifierFlags.Ambient) !== 0,
      );
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) {
        checkSpecifier(node.moduleSpecifier, node);
      } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
        checkSpecifier(node.moduleReference.expression, node);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        checkSpecifier(node.arguments[0], node);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        checkSpecifier(node.argument.literal, node);
      } else if (ts.isIdentifier(node) && BANNED_GLOBALS.has(node.text) && !isNameOnly(node)) {
        if (isGlobalReference(node)) report(node, `references the global \`${node.text}\``);
      } else if (
        ts.isPropertyAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        GLOBAL_OBJECTS.has(node.expression.text) &&
        BANNED_GLOBALS.has(node.name.text) &&
        isGlobalReference(node.expression)
      ) {
        report(node, `references the global \`${node.name.text}\` through ${node.expression.text}`);
      } else if (
        ts.isElementAccessExpression(node) &&
        ts.isIdentifier(node.expression) &&
        GLOBAL_OBJECTS.has(node.expression.text) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        BANNED_GLOBALS.has(node.argumentExpression.text) &&
        isGlobalReference(node.expression)
      ) {
        report(node, `references the global \`${node.argumentExpression.text}\` through ${node.expression.text}`);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return violations;
}

const format = (vs: Violation[]) => vs.map((v) => `${v.file}:${v.line}: ${v.reason}\n    ${v.source}`).join("\n");

describe("lib/metrics purity", () => {
  it("no non-test file under lib/metrics/ imports Node/Prisma/Next/React or escapes, or uses DOM/Node globals", () => {
    const files = metricSourceFiles(METRICS_DIR);
    expect(files.map((f) => relative(METRICS_DIR, f))).toContain("agreement.ts");
    const violations = findViolations(files.map((path) => ({ path, text: readFileSync(path, "utf8") })));
    // On failure the diff shows "file:line: reason" and the offending source line.
    expect(format(violations)).toBe("");
  });
});

describe("purity rules (self-test on virtual files)", () => {
  const at = (name: string) => join(METRICS_DIR, name);

  it("flags every forbidden import and global, with file and line", () => {
    const text = [
      'import { readFileSync } from "node:fs";', // 1
      'import path from "path";', // 2
      'import { readFile } from "fs/promises";', // 3
      'import { PrismaClient } from "@prisma/client";', // 4
      'import { NextResponse } from "next/server";', // 5
      'import { useState } from "react";', // 6
      'import { x } from "../db/thing";', // 7
      'import { y } from "@/lib/auth/session";', // 8
      'export { z } from "../../app/page";', // 9
      'const m = await import("node:crypto");', // 10
      'type T = typeof import("os");', // 11
      "const w = window.innerWidth;", // 12
      "document.title = 'x';", // 13
      "const env = process.env.X;", // 14
      "const b = Buffer.from('a');", // 15
      "const r = require('fs');", // 16
      "await fetch('https://example.invalid');", // 17
      "const p = globalThis.process;", // 18
      'const d = self["document"];', // 19
      "export const o = { fetch };", // 20
      'import r2 = require("child_process");', // 21
      'import { ok } from "./intervals";', // 22 (fine)
    ].join("\n");
    const vs = findViolations([{ path: at("__virtual_bad.ts"), text }]);
    const byLine = new Map<number, string[]>();
    for (const v of vs) byLine.set(v.line, [...(byLine.get(v.line) ?? []), v.reason]);
    expect([...byLine.keys()].sort((a, b) => a - b)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21,
    ]);
    expect(byLine.get(1)).toEqual(['imports the Node built-in module "node:fs"']);
    expect(byLine.get(7)).toEqual(['imports "../db/thing", which is outside lib/metrics/']);
    expect(byLine.get(16)).toContain("references the global `require`");
    expect(vs.every((v) => v.file === "lib/metrics/__virtual_bad.ts")).toBe(true);
    expect(format(vs.filter((v) => v.line === 12))).toBe(
      "lib/metrics/__virtual_bad.ts:12: references the global `window`\n    const w = window.innerWidth;",
    );
  });

  it("accepts pure code that merely uses the names", () => {
    const text = `
      // The process of scoring: we document how the window and the fetch( of data work.
      /* require("fs") in a comment; Buffer; window.alert */
      import { temporalIoU } from "./intervals";
      import type { Problem } from "@/lib/metrics/problems";
      import { helper } from "./sub/helper";
      export type Q = { window: { start: number; end: number }; document: string };
      export function f(window: number, document: string, { process }: { process: number }): number {
        const fetch = (x: number) => x;
        const o = { window, document: 1, fetch };
        const s = "window.location process.env require( fetch(";
        return o.window + fetch(process) + s.length + window;
      }
      export class C { process = 1; fetch(): number { return this.process; } get document() { return 2; } }
      export function g(q: Q): number { const { window: w } = q; return w.start + q.window.end; }
      export { f as window };
      const Buffer = [1, 2]; export const n = Buffer.length;
    `;
    const vs = findViolations([
      { path: at("__virtual_good.ts"), text },
      { path: at("sub/__virtual_nested.ts"), text: 'import { a } from "../agreement"; export const b = a;' },
    ]);
    expect(format(vs)).toBe("");
  });

  it("a nested file may import within lib/metrics but not above it", () => {
    const vs = findViolations([
      { path: at("sub/__virtual_nested.ts"), text: 'import { a } from "../../metrics/x";\nimport { b } from "../../other";' },
    ]);
    expect(vs.map((v) => v.line)).toEqual([2]);
  });
});
