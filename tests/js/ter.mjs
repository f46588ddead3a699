// ter-from-statistics 1.0.0 (and ter-compute 1.0.0's corpus score), evaluated by a JavaScript
// engine from the pages' Behavior bullets: a segment's ref_length is its references' word counts
// summed over their number; the whole adds every part's segments left to right from 0; ter is
// num_edits / ref_length, 1 for edits against no reference words, 0 for neither; toFixed.
// One JSON line on stdin per case:
//   [parts, decimals]: parts[p][s] = [num_edits, [word count of each reference]]
//   (decimals null when omitted)
// One JSON line on stdout per case:  [ter hex bits, num_edits, ref_length hex bits]
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

function averageLength(wordCounts) {
  let words = 0;
  for (const count of wordCounts) words += count;
  return words / wordCounts.length;
}

function editRate(edits, length) {
  if (length > 0) return edits / length;
  return edits > 0 ? 1 : 0;
}

function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function evaluate(line) {
  const [parts, decimals] = JSON.parse(line);
  let edits = 0;
  let length = 0;
  for (const part of parts) {
    for (const [numEdits, wordCounts] of part) {
      edits += numEdits;
      length += averageLength(wordCounts);
    }
  }
  return JSON.stringify([toHex(rounded(editRate(edits, length), decimals)), edits, toHex(length)]);
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
