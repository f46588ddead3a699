// rouge-compute 1.0.0's arithmetic, evaluated by a JavaScript engine from the page's Behavior
// bullets: each precision and recall one division of two integer counts, fmeasure = 2 * precision
// * recall / (precision + recall) left to right (0 when the sum is 0), each mean the segments'
// values added left to right from 0 over their number, then toFixed.
// One JSON line on stdin per case:
//   [segments, decimals]: segments[s][t] = [matches, hypothesis count, reference count]
//   (decimals null when omitted)
// One JSON line on stdout per case: [segments' [p, r, f] hex bits per type, means' likewise]
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function scores([matches, hypothesisCount, referenceCount]) {
  const precision = matches / hypothesisCount;
  const recall = matches / referenceCount;
  const fmeasure = precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0;
  return [precision, recall, fmeasure];
}

function evaluate(line) {
  const [segments, decimals] = JSON.parse(line);
  const each = segments.map((types) => types.map(scores));
  const types = segments[0].length;
  const means = [];
  for (let t = 0; t < types; t++) {
    const sums = [0, 0, 0];
    for (const segment of each) {
      for (let k = 0; k < 3; k++) sums[k] += segment[t][k];
    }
    means.push(sums.map((sum) => sum / each.length));
  }
  const hex = (triple) => triple.map((x) => toHex(rounded(x, decimals)));
  return JSON.stringify([each.map((segment) => segment.map(hex)), means.map(hex)]);
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
