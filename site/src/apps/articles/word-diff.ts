/**
 * A readable word-level difference between two texts (« Historique », issue 20 §4): Myers' algorithm over words
 * and the spaces between them, after trimming the common start and end (a long article with one changed
 * paragraph costs little). Pure, no DOM.
 */

export type DiffPart = { kind: "same" | "added" | "removed"; text: string };

/** Words and runs of spaces, each its own token, so a changed word does not swallow its neighbours. */
function tokens(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Past this many differing tokens on each side the texts are shown as one removal and one addition. */
const MAX_EDIT = 4000;

/** The parts turning `before` into `after`, neighbours of the same kind merged. */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  const push = (kind: DiffPart["kind"], text: string) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && last.kind === kind) last.text += text;
    else parts.push({ kind, text });
  };
  push("same", a.slice(0, start).join(""));
  for (const p of middle(a.slice(start, endA), b.slice(start, endB))) push(p.kind, p.text);
  push("same", a.slice(endA).join(""));
  return parts;
}

/** Myers' O((N+M)·D) shortest edit script, walked back into parts. */
function middle(a: string[], b: string[]): DiffPart[] {
  const n = a.length;
  const m = b.length;
  if (n === 0 || m === 0 || n + m > 2 * MAX_EDIT) {
    return [
      { kind: "removed", text: a.join("") },
      { kind: "added", text: b.join("") },
    ];
  }
  const max = n + m;
  const offset = max;
  const v = new Int32Array(2 * max + 2);
  const trace: Int32Array[] = [];
  let found = false;
  for (let d = 0; d <= max && !found; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = true;
        break;
      }
    }
  }
  // Walk back from the end through the saved frontiers.
  const out: DiffPart[] = [];
  let x = n;
  let y = m;
  for (let d = trace.length - 1; d > 0; d--) {
    const prev = trace[d]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && prev[offset + k - 1]! < prev[offset + k + 1]!) ? k + 1 : k - 1;
    const prevX = prev[offset + prevK]!;
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) out.push({ kind: "same", text: a[--x]! }), y--;
    if (x === prevX) out.push({ kind: "added", text: b[--y]! });
    else out.push({ kind: "removed", text: a[--x]! });
  }
  while (x > 0 && y > 0) out.push({ kind: "same", text: a[--x]! }), y--;
  return out.reverse();
}
