// bleu-brevity-penalty 1.0.0's Behavior, evaluated by a JavaScript engine as the page words it.
// One JSON line on stdin per case:  [candidate_lengths, reference_lengths, decimals]
//   (decimals null when omitted)
// One line on stdout per case:      JSON [bp hex bits, ratio hex bits, c, r, closest lengths]
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

// The reference length L minimising |L - c_i|, ties going to the shorter reference.
function closest(candidate, references) {
  let best = references[0];
  for (const length of references) {
    const nearer = Math.abs(length - candidate) < Math.abs(best - candidate);
    const tie = Math.abs(length - candidate) === Math.abs(best - candidate);
    if (nearer || (tie && length < best)) best = length;
  }
  return best;
}

// 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - r/c).
function brevityPenalty(c, r) {
  if (c > r) return 1;
  if (c === 0) return 0;
  return Math.exp(1 - r / c);
}

// c / r, or 0 when r = 0.
function ratio(c, r) {
  return r === 0 ? 0 : c / r;
}

function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function evaluate(line) {
  const [candidates, references, decimals] = JSON.parse(line);
  const lengths = candidates.map((c, i) => closest(c, references[i]));
  const c = candidates.reduce((a, b) => a + b, 0);
  const r = lengths.reduce((a, b) => a + b, 0);
  const bp = rounded(brevityPenalty(c, r), decimals);
  return JSON.stringify([toHex(bp), toHex(rounded(ratio(c, r), decimals)), c, r, lengths]);
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
