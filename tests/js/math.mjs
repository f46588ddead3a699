// The engine's Math.log, Math.exp and Number.prototype.toFixed, for the Python tests to compare
// with. One argument a line on stdin, one answer a line on stdout:
//   node math.mjs log | exp   "<hex bits>"             ->  "<hex bits>"
//   node math.mjs toFixed     "<hex bits> <decimals>"  ->  x.toFixed(decimals)
import { readFileSync } from "node:fs";
import { fromHex, inputLines, toHex } from "./doubles.mjs";

const operations = {
  log: (line) => toHex(Math.log(fromHex(line))),
  exp: (line) => toHex(Math.exp(fromHex(line))),
  toFixed: (line) => {
    const [hex, decimals] = line.split(" ");
    return fromHex(hex).toFixed(Number(decimals));
  },
};

const operation = operations[process.argv[2]];
if (operation === undefined) {
  throw new Error(`usage: node math.mjs log|exp|toFixed, got ${process.argv[2]}`);
}
const answers = inputLines(readFileSync(0, "utf8")).map(operation);
process.stdout.write(`${answers.join("\n")}\n`);
