// paired-significance 1.0.0's generator and arithmetic, evaluated by a JavaScript engine as its
// page words them, from per-segment integer statistics. The Python numbers must be these
// doubles, bit for bit.
// One JSON line on stdin per case:
//   {metric: "bleu"|"chrf"|"ter", beta, scale, test, samples, seed, baseline, system}
//   (baseline and system: one array of integer statistics per segment)
// One line on stdout per case: the hex bits of baseline score, system score, p-value, then for a
//   bootstrap the baseline's mean and ci and the system's mean and ci.
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

const MASK = (1n << 64n) - 1n;
const GAMMA = 0x9e3779b97f4a7c15n;

function mix(z) {
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK;
  return z ^ (z >> 31n);
}

// Output x_q of the stream seeded with seed.
const output = (seed, q) => mix((BigInt(seed) + BigInt(q) * GAMMA) & MASK);

function bootstrapIndexes(seed, samples, n) {
  const b = n > 1 ? (n - 1).toString(2).length : 0;
  let q = 0;
  const rows = [];
  for (let s = 0; s < samples; s++) {
    const row = [];
    while (row.length < n) {
      q += 1;
      const x = output(seed, q);
      const v = b === 0 ? 0n : x >> BigInt(64 - b);
      if (v < BigInt(n)) row.push(Number(v));
    }
    rows.push(row);
  }
  return rows;
}

// Coin q: bit 63 - (q mod 64) of output floor(q / 64) + 1; true keeps the baseline's segment.
function coin(seed, q) {
  const x = output(seed, Math.floor(q / 64) + 1);
  return ((x >> BigInt(63 - (q % 64))) & 1n) === 1n;
}

function bleu(sums) {
  const [c, r] = sums;
  const m = sums.slice(2, 6);
  const l = sums.slice(6, 10);
  if (c === 0 || m[0] === 0 || l.some((t) => t === 0)) return 0;
  let acc = 0;
  let d = 1;
  for (let n = 0; n < 4; n++) {
    let p;
    if (m[n] > 0) p = m[n] / l[n];
    else {
      d *= 2;
      p = 1 / (d * l[n]);
    }
    acc += Math.log(p);
  }
  const bp = c > r ? 1 : Math.exp(1 - r / c);
  return 100 * (bp * Math.exp((1 / 4) * acc));
}

function chrf(sums, beta) {
  const b = beta * beta;
  let precision = 0;
  let recall = 0;
  let orders = 0;
  for (let i = 0; i < sums.length; i += 3) {
    const [h, r, m] = [sums[i], sums[i + 1], sums[i + 2]];
    if (h > 0 && r > 0) {
      precision += m / h;
      recall += m / r;
      orders += 1;
    }
  }
  if (orders === 0) return 0;
  precision /= orders;
  recall /= orders;
  if (precision + recall === 0) return 0;
  return 100 * ((((1 + b) * precision) * recall) / (b * precision + recall));
}

function ter(sums, scale) {
  const [e, R] = sums;
  if (R > 0) return 100 * ((e * scale) / R);
  return e > 0 ? 100 : 0;
}

function summed(rows) {
  const out = new Array(rows[0].length).fill(0);
  for (const row of rows) for (let k = 0; k < row.length; k++) out[k] += row[k];
  return out;
}

function sumLeftToRight(values) {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

function interval(scores) {
  const sorted = [...scores].sort((a, b) => a - b);
  const k = Math.floor(sorted.length / 40);
  const ci = 0.5 * (sorted[sorted.length - k - 1] - sorted[k]);
  return [sumLeftToRight(sorted) / sorted.length, ci];
}

function answer(line) {
  const c = JSON.parse(line);
  const score = (sums) =>
    c.metric === "bleu" ? bleu(sums) : c.metric === "chrf" ? chrf(sums, c.beta) : ter(sums, c.scale);
  const n = c.baseline.length;
  const base = score(summed(c.baseline));
  const sys = score(summed(c.system));
  const delta = Math.abs(base - sys);
  let count = 0;
  const extra = [];
  if (c.test === "bootstrap") {
    const indexes = bootstrapIndexes(c.seed, c.samples, n);
    const b = indexes.map((row) => score(summed(row.map((j) => c.baseline[j]))));
    const a = indexes.map((row) => score(summed(row.map((j) => c.system[j]))));
    const d = a.map((x, s) => Math.abs(x - b[s]));
    const mean = sumLeftToRight(d) / d.length;
    for (const x of d) if (x - mean > delta) count += 1;
    extra.push(...interval(b), ...interval(a));
  } else {
    for (let t = 0; t < c.samples; t++) {
      const first = [];
      const second = [];
      for (let j = 0; j < n; j++) {
        const keep = coin(c.seed, t * n + j);
        first.push(keep ? c.baseline[j] : c.system[j]);
        second.push(keep ? c.system[j] : c.baseline[j]);
      }
      if (Math.abs(score(summed(first)) - score(summed(second))) > delta) count += 1;
    }
  }
  const p = (count + 1) / (c.samples + 1);
  return [base, sys, p, ...extra].map(toHex).join(" ");
}

const answers = inputLines(readFileSync(0, "utf8")).map(answer);
process.stdout.write(`${answers.join("\n")}\n`);
