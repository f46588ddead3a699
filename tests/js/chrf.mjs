// chrf-compute 1.0.0 and chrf-plus-plus-compute 1.0.0, evaluated by a JavaScript engine from
// the pages' Behavior bullets: code points (not UTF-16 units), the 29 whitespace code points,
// the word rule, the zeroing rule, F in the pages' order of operations, the first largest key.
// One JSON line on stdin per case:
//   {hypotheses, references, char_order, word_order, beta, eps_smoothing, include_whitespace,
//    decimals}  (decimals null when omitted)
// One JSON line on stdout per case:
//   {chrf, statistics, segments, words}: chrf and every segments[i].chrf as the hex bits of the
//   double; words null when word_order is 0.
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

const WHITESPACE = new Set(
  [
    0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1c, 0x1d, 0x1e, 0x1f, 0x20, 0x85, 0xa0, 0x1680, 0x2000,
    0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028,
    0x2029, 0x202f, 0x205f, 0x3000,
  ].map((c) => String.fromCodePoint(c)),
);
const PUNCTUATION = new Set(Array.from("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"));
const EPSILON = 1e-16;

// A text as its code points.
const codePoints = (text) => Array.from(text);

// Words: split on maximal runs of whitespace, empty pieces dropped; then one ASCII punctuation
// code point split off the end, or else the start, of a word of two or more code points.
function words(text) {
  const pieces = [];
  let current = [];
  for (const c of codePoints(text)) {
    if (WHITESPACE.has(c)) {
      if (current.length > 0) pieces.push(current);
      current = [];
    } else {
      current.push(c);
    }
  }
  if (current.length > 0) pieces.push(current);
  const tokens = [];
  for (const w of pieces) {
    if (w.length === 1) tokens.push(w.join(""));
    else if (PUNCTUATION.has(w[w.length - 1])) tokens.push(w.slice(0, -1).join(""), w[w.length - 1]);
    else if (PUNCTUATION.has(w[0])) tokens.push(w[0], w.slice(1).join(""));
    else tokens.push(w.join(""));
  }
  return tokens;
}

// Runs of n consecutive units, counted; units joined by a separator no unit holds (code points
// are single units; tokens hold no whitespace, so a space separates them).
function ngramCounts(units, n) {
  const counts = new Map();
  for (let i = 0; i + n <= units.length; i++) {
    const key = units.slice(i, i + n).join(" ");
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

function total(counts) {
  let sum = 0;
  for (const count of counts.values()) sum += count;
  return sum;
}

// Per order: the n-gram counts of a text; character orders, then word orders.
function allCounts(text, options) {
  let characters = codePoints(text);
  if (!options.include_whitespace) characters = characters.filter((c) => !WHITESPACE.has(c));
  const counts = [];
  for (let n = 1; n <= options.char_order; n++) counts.push(ngramCounts(characters, n));
  const tokens = words(text);
  for (let n = 1; n <= options.word_order; n++) counts.push(ngramCounts(tokens, n));
  return counts;
}

function pairStatistics(hypothesis, reference) {
  const statistics = { hypothesis: [], reference: [], matches: [] };
  for (let i = 0; i < hypothesis.length; i++) {
    const referenceTotal = total(reference[i]);
    let matches = 0;
    for (const [gram, count] of hypothesis[i]) {
      matches += Math.min(count, reference[i].get(gram) ?? 0);
    }
    statistics.hypothesis.push(referenceTotal > 0 ? total(hypothesis[i]) : 0);
    statistics.reference.push(referenceTotal);
    statistics.matches.push(matches);
  }
  return statistics;
}

function averagedF(s, b) {
  let P = 0;
  let R = 0;
  let k = 0;
  for (let i = 0; i < s.matches.length; i++) {
    if (s.hypothesis[i] > 0 && s.reference[i] > 0) {
      P = P + s.matches[i] / s.hypothesis[i];
      R = R + s.matches[i] / s.reference[i];
      k = k + 1;
    }
  }
  if (k === 0) return 0;
  P = P / k;
  R = R / k;
  if (P + R === 0) return 0;
  return (((1 + b) * P) * R) / ((b * P) + R);
}

function smoothedSum(s, b) {
  let sum = 0;
  for (let i = 0; i < s.matches.length; i++) {
    const p = s.hypothesis[i] > 0 ? s.matches[i] / s.hypothesis[i] : EPSILON;
    const r = s.reference[i] > 0 ? s.matches[i] / s.reference[i] : EPSILON;
    const d = b * p + r;
    sum = sum + (d > 0 ? (((1 + b) * p) * r) / d : EPSILON);
  }
  return sum;
}

// [F, key] of statistics.
function scores(s, options) {
  const b = options.beta * options.beta;
  const K = s.matches.length;
  if (options.eps_smoothing) {
    const sum = smoothedSum(s, b);
    return [sum / K, (100 * sum) / K];
  }
  const f = averagedF(s, b);
  return [f, 100 * f];
}

const rounded = (x, decimals) => (decimals === null ? x : Number(x.toFixed(decimals)));

function evaluate(line) {
  const options = JSON.parse(line);
  const K = options.char_order + options.word_order;
  const summed = {
    hypothesis: new Array(K).fill(0),
    reference: new Array(K).fill(0),
    matches: new Array(K).fill(0),
  };
  const segments = [];
  options.hypotheses.forEach((hypothesis, i) => {
    const hypothesisCounts = allCounts(hypothesis, options);
    let best = null;
    options.references[i].forEach((reference, j) => {
      const statistics = pairStatistics(hypothesisCounts, allCounts(reference, options));
      const [f, key] = scores(statistics, options);
      if (best === null || key > best.key) best = { f, key, j, statistics };
    });
    for (const field of ["hypothesis", "reference", "matches"]) {
      best.statistics[field].forEach((count, n) => {
        summed[field][n] += count;
      });
    }
    segments.push({
      chrf: toHex(rounded(best.f, options.decimals)),
      reference_index: best.j,
      ...best.statistics,
    });
  });
  const [f] = scores(summed, options);
  const wordLists =
    options.word_order > 0
      ? options.hypotheses.map((hypothesis, i) => ({
          hypothesis: words(hypothesis),
          references: options.references[i].map(words),
        }))
      : null;
  return JSON.stringify({
    chrf: toHex(rounded(f, options.decimals)),
    statistics: summed,
    segments,
    words: wordLists,
  });
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
