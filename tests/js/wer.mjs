// wer-from-statistics 1.0.0 and cer-from-statistics 1.0.0 (and the corpus rates of wer-compute
// and cer-compute 1.0.0), evaluated by a JavaScript engine from the pages' Behavior bullets: the
// parts' counts added, then wer = (S + D + I) / (H + S + D), mer = (S + D + I) / (H + S + D + I),
// wip = (H / N) * (H / M) (0 where M is 0), wil = 1 - wip; where N is 0, wer is I, mer 1 and
// wip 0 (mer 0 and wip 1 where M is 0 too); cer is wer's formula; toFixed.
// One JSON line on stdin per case:  [parts, decimals]: parts[p] = [H, S, D, I] (decimals null
// when omitted)
// One JSON line on stdout per case:  [wer, mer, wil, wip, cer] as hex bits, then H, S, D, I
import { readFileSync } from "node:fs";
import { inputLines, toHex } from "./doubles.mjs";

function rounded(x, decimals) {
  return decimals === null ? x : Number(x.toFixed(decimals));
}

function evaluate(line) {
  const [parts, decimals] = JSON.parse(line);
  let h = 0;
  let s = 0;
  let d = 0;
  let i = 0;
  for (const [hits, substitutions, deletions, insertions] of parts) {
    h += hits;
    s += substitutions;
    d += deletions;
    i += insertions;
  }
  const n = h + s + d;
  const m = h + s + i;
  let wer;
  let mer;
  let wip;
  if (n === 0) {
    wer = i;
    [mer, wip] = m === 0 ? [0, 1] : [1, 0];
  } else {
    wer = (s + d + i) / n;
    mer = (s + d + i) / (n + i);
    wip = m >= 1 ? (h / n) * (h / m) : 0;
  }
  const wil = 1 - wip;
  const rates = [wer, mer, wil, wip, wer].map((x) => toHex(rounded(x, decimals)));
  return JSON.stringify([...rates, h, s, d, i]);
}

const answers = inputLines(readFileSync(0, "utf8")).map(evaluate);
process.stdout.write(`${answers.join("\n")}\n`);
