// bleu-sentence-compute 1.0.0's formulas, evaluated by a JavaScript engine as the page words them,
// from one segment's statistics. The Python results must be these doubles, bit for bit.
// One JSON line on stdin per case:
//   [matches, totals, c, r, smoothing, smoothing_value, effective_order, decimals]
//   (smoothing_value and decimals null when omitted)
// One line on stdout per case:
//   "<bleu> <brevity_penalty> <effective_order_used> <precision 1> ... <precision N>",
//   doubles as hex bits, a null precision as "null"
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

const DEFAULT_VALUE = { floor: 0.1, "add-k": 1 };

// 1 when c > r, 0 when c = 0, otherwise exp(1 - r/c).
function brevityPenalty(c, r) {
  if (c > r) return 1;
  if (c === 0) return 0;
  return Math.exp(1 - r / c);
}

// With add-k, m'_n = m_n + k and l'_n = l_n + k for n >= 2; otherwise m' = m, l' = l.
function adjusted(counts, smoothing, k) {
  return counts.map((x, i) => (smoothing === "add-k" && i >= 1 ? x + k : x));
}

// null when l'_n = 0; m'_n / l'_n when m'_n > 0; otherwise 0 (none, add-k), eps / l'_n (floor),
// 1 / (t * l'_n) (exp) with t doubling before each such order.
function precisionsOf(m, l, smoothing, value) {
  let t = 1;
  return m.map((mn, i) => {
    const ln = l[i];
    if (ln === 0) return null;
    if (mn > 0) return mn / ln;
    if (smoothing === "floor") return value / ln;
    if (smoothing === "exp") {
      t = t * 2;
      return 1 / (t * ln);
    }
    return 0;
  });
}

// 0 when m_1 = 0; with effective order the largest n <= N with l'_1..l'_n all > 0; else N.
function effectiveOrder(matches, l, useEffective) {
  if (matches[0] === 0) return 0;
  if (!useEffective) return matches.length;
  let n = 0;
  while (n < l.length && l[n] > 0) n++;
  return n;
}

function isZero(matches, l, smoothing, useEffective, nEff) {
  if (matches[0] === 0) return true;
  if (!useEffective && l.some((x) => x === 0)) return true;
  return smoothing === "none" && matches.slice(0, nEff).some((x) => x === 0);
}

function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function score(line) {
  const [matches, totals, c, r, smoothing, given, useEffective, decimals] = JSON.parse(line);
  const value = given === null ? DEFAULT_VALUE[smoothing] : given;
  const m = adjusted(matches, smoothing, value);
  const l = adjusted(totals, smoothing, value);
  const precisions = precisionsOf(m, l, smoothing, value);
  const nEff = effectiveOrder(matches, l, useEffective);
  const bp = brevityPenalty(c, r);
  let bleu = 0;
  if (!isZero(matches, l, smoothing, useEffective, nEff)) {
    let acc = 0;
    for (let n = 0; n < nEff; n++) acc = acc + Math.log(precisions[n]);
    bleu = bp * Math.exp((1 / nEff) * acc);
  }
  const shown = precisions.map((p) => (p === null ? "null" : toHex(rounded(p, decimals))));
  return [toHex(rounded(bleu, decimals)), toHex(rounded(bp, decimals)), nEff, ...shown].join(" ");
}

const answers = inputLines(readFileSync(0, "utf8")).map(score);
process.stdout.write(`${answers.join("\n")}\n`);
