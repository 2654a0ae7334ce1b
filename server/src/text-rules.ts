// Stored text is never silently altered (issue 15): SQLite would cut a string at a NUL and a
// lone surrogate would come back as U+FFFD, so such input is refused with a 400 instead. Allowed:
// every Unicode character except control characters (C0 and C1, DEL), where tab, line feed and
// carriage return count as ordinary whitespace; refused: unpaired UTF-16 surrogates. The rule is
// documented in openapi.yaml (info, "Text fields") and applies to every string in a body or query.
const CONTROL_MESSAGE = 'Must not contain control characters';
const SURROGATE_MESSAGE = 'Must not contain unpaired surrogate characters';
export const UTF8_MESSAGE = 'Not valid UTF-8';

// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one (code units).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function problemOf(text: string): string | null {
  if (CONTROL.test(text)) return CONTROL_MESSAGE;
  if (LONE_SURROGATE.test(text)) return SURROGATE_MESSAGE;
  return null;
}

/** One message per string field that breaks the rule, by dotted path (as the validator names fields). */
export function textProblems(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  // Iterative: the router has already bounded the depth, and no recursion is needed anyway.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0) {
    const top = stack.pop();
    if (!top) break;
    if (typeof top.value === 'string') {
      const problem = problemOf(top.value);
      if (problem) fields[top.path || 'body'] = problem;
    } else if (typeof top.value === 'object' && top.value !== null) {
      for (const [key, child] of Object.entries(top.value)) {
        const keyProblem = problemOf(key);
        const path = Array.isArray(top.value)
          ? `${top.path}[${key}]`
          : top.path
            ? `${top.path}.${key}`
            : key;
        if (keyProblem) fields[top.path || 'body'] = keyProblem;
        else stack.push({ value: child, path });
      }
    }
  }
  return fields;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The body as text, or null when its bytes are not UTF-8 (never replaced with U+FFFD). */
export function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return null;
  }
}
