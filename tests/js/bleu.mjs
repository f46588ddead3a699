// bleu-corpus-compute 1.0.0's formulas, evaluated by a JavaScript engine as the spec words them,
// from the statistics alone. The Python scores must be these doubles, bit for bit.
// One JSON line on stdin per case:  [matches, totals, candidate_length, reference_length, decimals]
//   (decimals null when omitted)
// One line on stdout per case:      "<hex bits of bleu> <hex bits of brevity_penalty>"
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

// 1 when c > r, 0 when c = 0 (even if r = 0), otherwise exp(1 - r/c).
function brevityPenalty(c, r) {
  if (c === 0) return 0;
  if (c > r) return 1;
  return Math.exp(1 - r / c);
}

// bp * exp((1/N) * sum of ln(m_n / l_n)), summed n = 1..N; exactly 0 when bp is 0 or any m_n is 0.
function bleu(matches, totals, bp) {
  if (bp === 0 || matches.some((m) => m === 0)) return 0;
  let sum = 0;
  for (let n = 0; n < matches.length; n++) {
    sum += Math.log(matches[n] / totals[n]);
  }
  return bp * Math.exp((1 / matches.length) * sum);
}

// toFixed on the exact binary value, read back as a number.
function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function score(line) {
  const [matches, totals, c, r, decimals] = JSON.parse(line);
  const bp = brevityPenalty(c, r);
  const value = bleu(matches, totals, bp);
  return `${toHex(rounded(value, decimals))} ${toHex(rounded(bp, decimals))}`;
}

const answers = inputLines(readFileSync(0, "utf8")).map(score);
process.stdout.write(`${answers.join("\n")}\n`);
