// bleu-ngrams-count 1.0.0's Behavior, evaluated by a JavaScript engine as the page words it.
// One JSON line on stdin per case:  [hypotheses, references, max_order, clipping_table]
// One line on stdout per case:      the result object as JSON
import { readFileSync } from "node:fs";
import { inputLines } from "./doubles.mjs";

// Counts of the n-grams of a token list, keyed by the JSON of the n-gram (exact strings).
function counts(tokens, n) {
  const found = new Map();
  for (let start = 0; start + n <= tokens.length; start++) {
    const key = JSON.stringify(tokens.slice(start, start + n));
    found.set(key, (found.get(key) ?? 0) + 1);
  }
  return found;
}

// One row [start, hypothesis_count, max_reference_count] per distinct hypothesis n-gram, in
// order of first occurrence; max_reference_count is the largest count in any single reference.
function rows(hypothesis, references, n) {
  const referenceCounts = references.map((reference) => counts(reference, n));
  const first = new Map();
  for (let start = 0; start + n <= hypothesis.length; start++) {
    const key = JSON.stringify(hypothesis.slice(start, start + n));
    if (!first.has(key)) {
      const most = Math.max(0, ...referenceCounts.map((c) => c.get(key) ?? 0));
      first.set(key, [start, 0, most]);
    }
    first.get(key)[1] += 1;
  }
  return [...first.values()];
}

function segment(hypothesis, references, maxOrder, table) {
  const result = { matches: [], totals: [] };
  const tables = [];
  for (let n = 1; n <= maxOrder; n++) {
    const orderRows = rows(hypothesis, references, n);
    result.matches.push(orderRows.reduce((sum, [, h, r]) => sum + Math.min(h, r), 0));
    result.totals.push(Math.max(0, hypothesis.length - n + 1));
    tables.push(table === "clipped" ? orderRows.filter(([, h, r]) => h > r) : orderRows);
  }
  if (table !== "none") result.clipping = tables;
  return result;
}

function evaluate(line) {
  const [hypotheses, references, maxOrder, table] = JSON.parse(line);
  const segments = hypotheses.map((h, i) => segment(h, references[i], maxOrder, table));
  const sum = (key, n) => segments.reduce((total, s) => total + s[key][n], 0);
  const orders = [...Array(maxOrder).keys()];
  return JSON.stringify({
    max_order: maxOrder,
    matches: orders.map((n) => sum("matches", n)),
    totals: orders.map((n) => sum("totals", n)),
    segments,
  });
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
