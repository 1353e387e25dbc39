import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The server's shape (docs/architecture.md#server): every write is a command run by `runCommand`, the one place
 * that opens a transaction and writes what a write leaves behind (history, webhook events, jobs). This reads the
 * server's source, so a repository or route that opens its own transaction, or writes history or queues a job
 * beside the unit of work, fails here with its file and line.
 */
const src = path.resolve(import.meta.dirname, '../src');

/** Calls that only these files may make (paths relative to apps/server/src). */
const allowedCallers: Record<string, string[]> = {
  // Opens the command's transaction.
  transaction: ['db/unit-of-work.ts'],
  // Written by the unit of work when a command's work has returned.
  writeAudit: ['db/unit-of-work.ts'],
  // The unit of work's events; a test event goes to one endpoint and answers its id (webhooks/commands.ts).
  emitWebhookEvent: ['db/unit-of-work.ts', 'webhooks/commands.ts'],
  // The unit of work's jobs, and the jobs of its events and notices, all in the command's transaction.
  enqueueJob: ['db/unit-of-work.ts', 'webhooks/events.ts', 'notifications/send.ts'],
};

const BEGIN = /^\s*(BEGIN|START\s+TRANSACTION)\b/i;

interface Finding {
  file: string;
  line: number;
  what: string;
}

/** Each call of a watched name, and each SQL text that begins a transaction by hand, in one file's source. */
function findTransactionalCalls(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Finding[] = [];
  const at = (node: ts.Node, what: string) =>
    found.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, what });
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isPropertyAccessExpression(callee)
        ? callee.name.text
        : ts.isIdentifier(callee)
          ? callee.text
          : undefined;
      // `transaction` only as a method (db.transaction), so a local named so is not mistaken for it.
      if (
        name &&
        Object.hasOwn(allowedCallers, name) &&
        (name !== 'transaction' || ts.isPropertyAccessExpression(callee))
      )
        at(node, name);
    }
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node)) &&
      BEGIN.test(node.text)
    )
      at(node, 'transaction');
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('one home for transactions', () => {
  it('finds a transaction opened by a repository, by hand or through drizzle, and history or jobs written beside it', () => {
    const repository = [
      'export const repo = (db) => ({',
      '  // db.transaction( in a comment is not code',
      '  save: () => db.transaction(async (tx) => tx.insert(x)),',
      "  raw: () => db.execute('BEGIN'),",
      '  log: (tx) => writeAudit(tx, []),',
      "  queue: (tx) => enqueueJob(tx, { kind: 'k', payload: {} }),",
      '});',
    ].join('\n');
    expect(findTransactionalCalls('sites/repository.ts', repository)).toEqual([
      { file: 'sites/repository.ts', line: 3, what: 'transaction' },
      { file: 'sites/repository.ts', line: 4, what: 'transaction' },
      { file: 'sites/repository.ts', line: 5, what: 'writeAudit' },
      { file: 'sites/repository.ts', line: 6, what: 'enqueueJob' },
    ]);
  });

  it('the server opens transactions, writes history and queues jobs only through the unit of work', () => {
    const outside = sourceFiles(src)
      .flatMap((full) =>
        findTransactionalCalls(path.relative(src, full).split(path.sep).join('/'), readFileSync(full, 'utf8')),
      )
      .filter((f) => !allowedCallers[f.what]!.includes(f.file))
      .map((f) => `${f.file}:${f.line} ${f.what}`);
    expect(outside).toEqual([]);
  });
});
