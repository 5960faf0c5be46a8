/**
 * Exports nobody imports: `node scripts/unused-exports.mjs` (through npx or npm's PATH, on the project's Node) lists
 * every exported name of the TypeScript sources (tsconfig.json's program, plus the .mjs/.js scripts and configs that
 * import them) that no other file imports, re-exports or names in an `import('...')` type, each with `(used in its
 * file)` when its own file still refers to it (drop the `export`) or `(unused)` when nothing does (drop the
 * declaration); `--json` prints them as a JSON array of {file, line, name, kind, local}. Exit code 0 either way: a
 * report for a person, wired into nothing (no npm script, no CI step).
 *
 * Left out, as surfaces meant for others or loaded by path: kernel/index.ts, workspace/sdk.ts, cli/sdk.ts,
 * tests/sdk.ts, plugins' public.ts and public.browser.ts, every `default` export (plugin.ts, a plugin's
 * workspace/index.ts, jest's global set-up, import.meta.glob pages), migrations' `up`/`down`, declaration files.
 * A module imported whole (`import * as m`, `import('./m')` at run time, `typeof import('./m')`) counts every export
 * of it as used. Not seen: a type another file only reaches through inference (e.g. common/pages.ts DerivedPageDef in
 * the type of lci-admin's CORE_PAGES) must stay exported for the projects' declaration output: typecheck says so
 * (TS4023) when its `export` is dropped.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rel = (f) => path.relative(root, f).split(path.sep).join('/');

const CONTRACT = [
  /^kernel\/index\.ts$/,
  /^workspace\/sdk\.ts$/,
  /^cli\/sdk\.ts$/,
  /^tests\/sdk\.ts$/,
  /^plugins\/[^/]+\/public(\.browser)?\.ts$/,
];
const MIGRATION = /(^|\/)migrations\/[^/]+\.ts$/;

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
);
const extra = ['vite.config.ts', 'playwright.config.ts', 'eslint.config.js']
  .concat(fs.readdirSync(path.join(root, 'scripts')).map((f) => `scripts/${f}`))
  .concat(fs.readdirSync(path.join(root, 'bin')).map((f) => `bin/${f}`))
  .filter((f) => /\.(m?js|ts)$/.test(f) && !/\.d\.m?ts$/.test(f))
  .map((f) => path.join(root, f));
const program = ts.createProgram({
  rootNames: [...new Set([...config.fileNames, ...extra])],
  options: { ...config.options, allowJs: true, checkJs: false, noEmit: true },
});
const checker = program.getTypeChecker();
const sources = program
  .getSourceFiles()
  .filter((sf) => !sf.fileName.includes('/node_modules/') && !sf.isDeclarationFile);

/** Export symbols some other file refers to; modules some file imports whole. */
const used = new Set();
const wholeModules = new Set();

const moduleOf = (spec) => checker.getSymbolAtLocation(spec);
/** Marks the export `name` of the module and each re-export it passes through. */
function markChain(symbol) {
  let s = symbol;
  for (let i = 0; s && i < 20; i++) {
    if (!(s.flags & ts.SymbolFlags.Alias)) break;
    const next = checker.getImmediateAliasedSymbol(s);
    if (!next || used.has(next)) break;
    used.add(next);
    s = next;
  }
}
function markExport(moduleSymbol, name) {
  if (!moduleSymbol) return;
  const target = checker.tryGetMemberInModuleExports(name, moduleSymbol);
  if (!target) return;
  used.add(target);
  markChain(target);
}
const markWhole = (moduleSymbol) => moduleSymbol && wholeModules.add(moduleSymbol);

for (const sf of sources) {
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && node.importClause) {
      const mod = moduleOf(node.moduleSpecifier);
      const c = node.importClause;
      if (c.name) markExport(mod, 'default');
      const b = c.namedBindings;
      if (b && ts.isNamespaceImport(b)) markWhole(mod);
      if (b && ts.isNamedImports(b)) for (const e of b.elements) markExport(mod, (e.propertyName ?? e.name).text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      const mod = moduleOf(node.moduleSpecifier);
      if (!node.exportClause) {
        // export * from: every export of the other module is one of this file's; each is judged where it is declared
        // by its importers, which name this file (resolved through tryGetMemberInModuleExports of this file).
      } else if (ts.isNamespaceExport(node.exportClause)) markWhole(mod);
      else for (const e of node.exportClause.elements) markExport(mod, (e.propertyName ?? e.name).text);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      const mod = moduleOf(node.argument.literal);
      if (node.qualifier) {
        let q = node.qualifier;
        while (ts.isQualifiedName(q)) q = q.left;
        markExport(mod, q.text);
      } else markWhole(mod);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      markWhole(moduleOf(node.arguments[0]));
    } else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'require' &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      markWhole(moduleOf(node.arguments[0]));
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
}

/** Whether the file refers to the symbol apart from its declaration(s). */
function usedInFile(sf, symbol, name) {
  const decls = new Set((symbol.declarations ?? []).map((d) => d.name).filter(Boolean));
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (ts.isIdentifier(node) && node.text === name && !decls.has(node)) {
      if (ts.isExportSpecifier(node.parent)) return;
      let s = checker.getSymbolAtLocation(node);
      if (s && s.flags & ts.SymbolFlags.Alias && ts.isExportSpecifier(s.declarations?.[0]))
        s = checker.getAliasedSymbol(s);
      if (s && (s === symbol || checker.getExportSymbolOfSymbol(s) === symbol)) found = true;
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

const report = [];
for (const sf of sources) {
  const file = rel(sf.fileName);
  if (!/\.tsx?$/.test(file) || CONTRACT.some((re) => re.test(file))) continue;
  const mod = checker.getSymbolAtLocation(sf);
  if (!mod || wholeModules.has(mod)) continue;
  for (const sym of checker.getExportsOfModule(mod)) {
    const name = sym.escapedName.toString();
    if (name === 'default' || used.has(sym)) continue;
    if (MIGRATION.test(file) && (name === 'up' || name === 'down')) continue;
    // A name another module exports through `export *` is judged in the module that declares it.
    const decl = sym.declarations?.[0];
    if (decl && decl.getSourceFile() !== sf) continue;
    const target = sym.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(sym) : sym;
    const kind = target.flags & (ts.SymbolFlags.Value & ~ts.SymbolFlags.Alias) ? 'value' : 'type';
    const line = decl ? sf.getLineAndCharacterOfPosition(decl.getStart()).line + 1 : 0;
    report.push({ file, line, name, kind, local: usedInFile(sf, target, name) });
  }
}
report.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
if (process.argv.includes('--json')) {
  console.log(JSON.stringify(report, null, 1));
  process.exit(0);
}
for (const r of report)
  console.log(`${r.file}:${r.line}  ${r.kind} ${r.name}  (${r.local ? 'used in its file' : 'unused'})`);
const types = report.filter((r) => r.kind === 'type').length;
console.log(`\n${report.length} exports nobody imports (${types} types, ${report.length - types} values).`);
