// @vitest-environment node
// Every field sitegen sends is read by the app or left unread on purpose: a field added
// to a Rust view (and so to contract.gen.ts) fails this test until a screen reads it or
// UNREAD_ON_PURPOSE names it with a reason (docs/data-contract.md §3).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/** `Type.field` of contract.gen.ts that no app code reads, and why. */
const UNREAD_ON_PURPOSE: Record<string, string> = {
  'Category.shortName': 'compact label of the catalogue; no screen shows it yet',
  'Contact.supportEmail': 'sitegen fills it into the policies ({support_email})',
  'Home.sections': 'the block routes show one block whatever the home page lists',
  'MediaVariant.height': 'a srcset needs only widths',
  'Registration.id': 'read as a Certificate by CertificateGrid',
  'Registration.image': 'read as a Certificate by CertificateGrid',
  'Registration.title': 'read as a Certificate by CertificateGrid',
  'Registration.type': 'the page has the type once, in RegistrationsPageData',
  'RouteMeta.path': 'the client matches the embedded data by its own path (§6)',
  'ServiceEntry.id': 'the service page takes its id from the URL',
  'ShowcaseTab.category': 'the showcase does not link its tabs yet',
  'SiteFacts.baseUrl': 'sitegen writes the canonical URLs',
  'SiteFacts.description': 'sitegen writes the meta description',
  'SiteFacts.firstFirm': 'no screen shows it yet',
  'SiteFacts.founded': 'no screen shows it yet',
};

const web = path.resolve(__dirname, '../../..');
const contract = path.join(web, 'src/content/contract.gen.ts').replaceAll('\\', '/');

/** The app's sources: no tests, no test data. */
function appSources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'testing' ? [] : appSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.(test|spec)\./.test(entry.name) ? [file] : [];
  });
}

/** `Type.field` of every field of contract.gen.ts, and of those the app reads. */
function contractFieldUse(): { fields: string[]; read: Set<string> } {
  const config = ts.readConfigFile(path.join(web, 'tsconfig.json'), ts.sys.readFile).config;
  const { options } = ts.parseJsonConfigFileContent(config, ts.sys, web);
  const files = appSources(path.join(web, 'src'));
  const program = ts.createProgram(files, { ...options, noEmit: true });
  const checker = program.getTypeChecker();
  const fieldName = (declaration: ts.PropertySignature) => {
    const owner = declaration.parent.parent;
    return `${ts.isTypeAliasDeclaration(owner) ? owner.name.text : '?'}.${declaration.name.getText()}`;
  };
  const fields: string[] = [];
  program.getSourceFile(contract)?.forEachChild(function visit(node) {
    if (ts.isPropertySignature(node)) fields.push(fieldName(node));
    node.forEachChild(visit);
  });

  const read = new Set<string>();
  const markRead = (symbol: ts.Symbol | undefined) => {
    for (const root of symbol ? checker.getRootSymbols(symbol) : []) {
      for (const declaration of root.declarations ?? []) {
        if (ts.isPropertySignature(declaration) && declaration.getSourceFile().fileName === contract) {
          read.add(fieldName(declaration));
        }
      }
    }
  };
  // A value handed to a parameter or prop of a structural type is read for that type's fields.
  const markHandedOver = (source: ts.Type, target: ts.Type, depth: number): void => {
    if (depth > 3) return;
    const sourceItem = checker.getIndexTypeOfType(source, ts.IndexKind.Number);
    const targetItem = checker.getIndexTypeOfType(target, ts.IndexKind.Number);
    if (sourceItem && targetItem) return markHandedOver(sourceItem, targetItem, depth + 1);
    // A receiver that takes a whole contract type proves nothing about its fields.
    const named = target.aliasSymbol ?? target.getSymbol();
    if ((named?.declarations ?? []).some((d) => d.getSourceFile().fileName === contract)) return;
    for (const part of source.isUnion() ? source.types : [source]) {
      for (const wanted of target.getProperties()) {
        const property = part.getProperty(wanted.name);
        if (!property) continue;
        markRead(property);
        markHandedOver(checker.getTypeOfSymbol(property), checker.getTypeOfSymbol(wanted), depth + 1);
      }
    }
  };
  const handOver = (expression: ts.Expression) => {
    const target = checker.getContextualType(expression);
    if (target) markHandedOver(checker.getTypeAtLocation(expression), target, 0);
  };
  for (const file of files) {
    program.getSourceFile(file)?.forEachChild(function visit(node) {
      if (ts.isPropertyAccessExpression(node)) markRead(checker.getSymbolAtLocation(node.name));
      else if (ts.isElementAccessExpression(node) && ts.isStringLiteral(node.argumentExpression)) {
        markRead(checker.getSymbolAtLocation(node.argumentExpression));
      } else if (ts.isBindingElement(node) && ts.isObjectBindingPattern(node.parent)) {
        const name = node.propertyName ?? node.name;
        if (ts.isIdentifier(name) || ts.isStringLiteral(name)) {
          const type = checker.getTypeAtLocation(node.parent);
          for (const part of type.isUnion() ? type.types : [type]) markRead(part.getProperty(name.text));
        }
      } else if (ts.isIndexedAccessTypeNode(node) && ts.isLiteralTypeNode(node.indexType)) {
        const index = node.indexType.literal;
        if (ts.isStringLiteral(index)) markRead(checker.getTypeFromTypeNode(node.objectType).getProperty(index.text));
      }
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) node.arguments?.forEach(handOver);
      if (ts.isJsxAttribute(node) && node.initializer && ts.isJsxExpression(node.initializer)) {
        if (node.initializer.expression) handOver(node.initializer.expression);
      }
      node.forEachChild(visit);
    });
  }
  return { fields, read };
}

describe('the data contract', () => {
  it('has every field read by the app or named as unread on purpose', () => {
    const { fields, read } = contractFieldUse();
    expect(fields.length).toBeGreaterThan(100);
    const unread = fields.filter((field) => !read.has(field)).sort();
    expect(unread).toEqual(Object.keys(UNREAD_ON_PURPOSE).sort());
  }, 180_000);
});
