// What a JavaScript client reads from an answer: JSON.parse, then JSON.stringify of what it got,
// so that an integer past 2^53 - 1, which a double cannot hold, comes back as another one.
// One JSON text on stdin per case; one line on stdout per case: the text as JavaScript writes it.
import { readFileSync } from "node:fs";
import { inputLines } from "./doubles.mjs";

for (const line of inputLines(readFileSync(0, "utf8"))) {
  console.log(JSON.stringify(JSON.parse(line)));
}
