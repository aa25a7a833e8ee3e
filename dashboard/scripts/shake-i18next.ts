import { parseAst, type Plugin } from 'vite';

// i18next ships one build, with everything an app might use, and its classes reach each
// other through `init`, so the bundler can drop none of it (issue 24: a content page's
// JavaScript stays under 100 KB; i18next was 14.8 KB of gzip on every page). Two parts
// are dead in this app, and this build step takes them out (ADR 0027):
// - its log calls: `log`, `warn`, `deprecate` and `once` print only with i18next's `debug`
//   option on, which the app never sets; each call then returns null and does nothing else,
//   so it becomes `null`, and its message text goes with it;
// - its default formatter (`{{value, number}}` and the like in a text): no text uses one,
//   so `init` keeps none and the class goes.

/** The Logger methods that print only under `debug`, returning null otherwise. */
const DEBUG_ONLY = new Set(['log', 'warn', 'deprecate', 'once']);

/** Where `init` picks the default formatter when no formatter module is registered. */
const DEFAULT_FORMATTER = 'formatter = Formatter;';

interface AstNode {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

const nameOf = (node: unknown): string | undefined => {
  if (!isNode(node)) return undefined;
  if (node.type === 'Identifier') return node.name as string;
  if (node.type === 'MemberExpression' && !node.computed) return nameOf(node.property);
  return undefined;
};

/** `this.logger.warn(…)`, `baseLogger.log(…)` and the like: a debug-only call on a logger. */
function isDebugLog(node: AstNode): boolean {
  if (node.type !== 'CallExpression' || !isNode(node.callee)) return false;
  const { callee } = node;
  return (
    callee.type === 'MemberExpression' &&
    DEBUG_ONLY.has(nameOf(callee) ?? '') &&
    /logger$/i.test(nameOf(callee.object) ?? '')
  );
}

function findDebugLogs(node: AstNode, found: AstNode[]): void {
  if (isDebugLog(node)) {
    found.push(node);
    return;
  }
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isNode(child)) findDebugLogs(child, found);
    }
  }
}

/**
 * i18next's source without its debug-only log calls and its default formatter. Throws when
 * either is not where this expects it: a new i18next version to look at again.
 */
export function shakeI18nextSource(code: string): string {
  const calls: AstNode[] = [];
  findDebugLogs(parseAst(code) as unknown as AstNode, calls);
  if (calls.length === 0 || !code.includes(DEFAULT_FORMATTER)) {
    throw new Error(
      'i18next changed: no debug log calls or default formatter found (dashboard/scripts/shake-i18next.ts)',
    );
  }
  let shaken = code;
  for (const call of calls.sort((a, b) => b.start - a.start)) {
    shaken = `${shaken.slice(0, call.start)}null${shaken.slice(call.end)}`;
  }
  return shaken.replace(DEFAULT_FORMATTER, 'formatter = null;');
}

/** The build step: production builds only (the dev server keeps i18next as it is). */
export function shakeI18next(): Plugin {
  return {
    name: 'shake-i18next',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]i18next[\\/]dist[\\/]esm[\\/]i18next\.js$/ },
      handler: (code) => ({ code: shakeI18nextSource(code), map: null }),
    },
  };
}
