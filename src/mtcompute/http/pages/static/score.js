// The /score page: reads the files in the browser, refuses what the tool would refuse (naming
// the file and the line), sends each system's lines to the score-texts tool (every system in
// one call when a paired test or confidence intervals are asked), and shows its answer as
// sacreBLEU's lines, a table and a JSON download. It computes no score: the lines and the
// table's cells are the tool's numbers laid out as `mtcompute score -f text` lays them out.
"use strict";

class FileError extends Error {}

const STRICT = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const ENCODER = new TextEncoder();

function count(n) {
  return n.toLocaleString("en-US");
}

function node(tag, text, className) {
  const made = document.createElement(tag);
  if (text !== undefined) made.textContent = text;
  if (className) made.className = className;
  return made;
}

// A file's segments as `mtcompute score` reads them: split at "\n", a "\r" before it dropped,
// a final newline optional; each line checked to be UTF-8 on its own, so an error names it.
function splitLines(name, bytes) {
  if (bytes.length === 0) {
    throw new FileError(`${name}: the file is empty, expected one segment a line`);
  }
  const ended = bytes[bytes.length - 1] === 10;
  const body = ended ? bytes.subarray(0, bytes.length - 1) : bytes;
  const lines = [];
  for (let start = 0; ; ) {
    const next = body.indexOf(10, start);
    const end = next === -1 ? body.length : next;
    const crlf = (next !== -1 || ended) && end > start && body[end - 1] === 13;
    try {
      lines.push(STRICT.decode(body.subarray(start, crlf ? end - 1 : end)));
    } catch (_) {
      throw new FileError(`${name}: line ${lines.length + 1} is not UTF-8; expected UTF-8 text`);
    }
    if (next === -1) return lines;
    start = next + 1;
  }
}

function limits(form) {
  const d = form.dataset;
  return {
    segments: Number(d.maxSegments),
    references: Number(d.maxReferences),
    lineBytes: Number(d.maxLineBytes),
    totalBytes: Number(d.maxTotalBytes),
  };
}

const SHELL = "score it with mtcompute score at a shell, which has no limit";

// Every source of one kind: the chosen files, then the pasted text if any.
async function sources(input, area, pasteName, bound) {
  const found = [];
  for (const file of input.files) {
    // A file's newlines (and CRs) are not text: past this size no valid file can be.
    if (file.size > bound.totalBytes + 2 * bound.segments) {
      throw new FileError(
        `${file.name} is ${count(file.size)} bytes; the tool takes at most ` +
          `${count(bound.totalBytes)} bytes of text in all: ${SHELL}`,
      );
    }
    found.push({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
  }
  if (area.value !== "") {
    wellFormed(pasteName, area.value);
    found.push({ name: pasteName, bytes: ENCODER.encode(area.value) });
  }
  return found;
}

// Pasted text is a string already, but one may hold a lone surrogate, which is no Unicode
// character: refused at its line rather than sent as U+FFFD.
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;

function wellFormed(name, text) {
  const at = text.split("\n").findIndex((line) => LONE_SURROGATE.test(line));
  if (at !== -1) {
    throw new FileError(`${name}: line ${at + 1} is not Unicode text (a lone surrogate); expected text`);
  }
}

function readAll(found, bound) {
  return found.map(({ name, bytes }) => {
    const lines = splitLines(name, bytes);
    if (lines.length > bound.segments) {
      throw new FileError(
        `${name} has ${count(lines.length)} lines; the tool takes at most ` +
          `${count(bound.segments)} segments: ${SHELL}`,
      );
    }
    // Bytes as the tool counts them: each line's UTF-8, newlines aside.
    let total = 0;
    lines.forEach((line, i) => {
      const size = ENCODER.encode(line).length;
      if (size > bound.lineBytes) {
        throw new FileError(
          `${name}: line ${i + 1} is ${count(size)} bytes; the tool takes at most ` +
            `${count(bound.lineBytes)} bytes a line`,
        );
      }
      total += size;
    });
    return { name, lines, bytes: total };
  });
}

function checkCounts(systems, references) {
  const first = systems[0];
  const problems = [];
  for (const system of systems.slice(1)) {
    if (system.lines.length !== first.lines.length) {
      problems.push(
        `${system.name} has ${count(system.lines.length)} lines but ${first.name} has ` +
          `${count(first.lines.length)}: expected every system to have one line a segment`,
      );
    }
  }
  for (const reference of references) {
    if (reference.lines.length !== first.lines.length) {
      problems.push(
        `${reference.name} has ${count(reference.lines.length)} lines but ${first.name} has ` +
          `${count(first.lines.length)}: expected one reference line for each hypothesis line`,
      );
    }
  }
  if (problems.length) throw new FileError(problems.join("\n"));
}

function checkTotal(systems, references, bound, together) {
  const referenceBytes = references.reduce((sum, r) => sum + r.bytes, 0);
  if (together) {
    // One call: every system's lines count with the references'.
    const total = systems.reduce((sum, s) => sum + s.bytes, referenceBytes);
    if (total > bound.totalBytes) {
      throw new FileError(
        `The systems and the references are ${count(total)} bytes; the tool tests at most ` +
          `${count(bound.totalBytes)} bytes of text in all in one call: ${SHELL}`,
      );
    }
    return;
  }
  for (const system of systems) {
    if (system.bytes + referenceBytes > bound.totalBytes) {
      throw new FileError(
        `${system.name} and the references are ${count(system.bytes + referenceBytes)} bytes; ` +
          `the tool takes at most ${count(bound.totalBytes)} bytes of text in all: ${SHELL}`,
      );
    }
  }
}

// The value of one option control, or undefined when it is left at its default.
function optionValue(control) {
  const kind = control.dataset.kind;
  const fallback = control.dataset.default;
  if (kind === "checkbox") return control.checked === (fallback === "true") ? undefined : control.checked;
  if (kind === "choices") {
    const chosen = [...control.querySelectorAll("input:checked")].map((box) => box.value);
    return chosen.join(",") === fallback ? undefined : chosen;
  }
  if (control.value === fallback || control.value === "") return undefined;
  return kind === "number" ? Number(control.value) : control.value;
}

// Each resampling count and the flag it counts for: the tool takes a count with its flag only.
const COUNTS = { confidence_n: "confidence", paired_bs_n: "paired_bs", paired_ar_n: "paired_ar" };
const TESTS = { paired_bs: "bootstrap", paired_ar: "randomization" };

function resampled(input) {
  return input.confidence === true || Object.keys(TESTS).some((flag) => input[flag] === true);
}

function options(form) {
  const metrics = [...form.querySelectorAll("input[name=metric]:checked")].map((box) => box.value);
  const input = { metrics };
  for (const control of form.querySelectorAll("[data-option]")) {
    const value = optionValue(control);
    const metric = control.dataset.metric;
    if (value === undefined || (metric && !metrics.includes(metric))) continue;
    if (metric) {
      input[metric] = input[metric] || {};
      input[metric][control.dataset.option] = value;
    } else {
      input[control.dataset.option] = value;
    }
  }
  for (const [name, flag] of Object.entries(COUNTS)) if (input[flag] !== true) delete input[name];
  if (!resampled(input)) {
    delete input.seed;
    delete input.resampling;
  }
  return input;
}

// `mtcompute score -f text`'s lines for one system: NAME|SIGNATURE = SCORE VERBOSE, the lines
// right-aligned on their " = " when there are several.
function scoreLine(score, width) {
  const head = score.signature ? `${score.name}|${score.signature}` : score.name;
  const interval = score.confidence ? ` (${score.confidence})` : "";
  const line = `${head} = ${score.score.toFixed(width)}${interval}`;
  return score.verbose_score ? `${line} ${score.verbose_score}` : line;
}

function aligned(lines) {
  if (lines.length === 1) return lines[0];
  const ends = lines.map((line) => line.indexOf("=") - 1);
  const widest = Math.max(...ends);
  return lines.map((line, i) => line.slice(0, ends[i]).padStart(widest) + line.slice(ends[i])).join("\n");
}

// Where the tool's pointer is in the files: /hypotheses/i is the (first) system's line i + 1,
// /systems/k/hypotheses/i system k's and /references/i/k the k-th reference's.
function located(error, systems, references) {
  const parts = String(error.pointer).split("/");
  const line = Number(parts[2]) + 1;
  if (parts[1] === "hypotheses" && parts.length === 3) return `${systems[0].name}: line ${line}: ${error.message}`;
  if (parts[1] === "systems" && parts[3] === "hypotheses" && parts.length === 5) {
    return `${systems[Number(parts[2])].name}: line ${Number(parts[4]) + 1}: ${error.message}`;
  }
  if (parts[1] === "references" && parts.length === 4) {
    return `${references[Number(parts[3])].name}: line ${line}: ${error.message}`;
  }
  return error.pointer ? `${error.message} (at ${error.pointer})` : String(error.message);
}

// One call: the systems' lines (one system's as hypotheses, several as systems), the
// references segment by segment, and the options.
async function callTool(form, systems, references, input) {
  const texts =
    systems.length === 1
      ? { hypotheses: systems[0].lines }
      : { systems: systems.map((s) => ({ name: s.name, hypotheses: s.lines })) };
  const body = {
    ...texts,
    references: systems[0].lines.map((_, i) => references.map((r) => r.lines[i])),
    ...input,
  };
  const response = await fetch(form.dataset.execute, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  let answer = null;
  try {
    answer = JSON.parse(text);
  } catch (_) {
    answer = null;
  }
  if (response.ok && answer && answer.result) return answer.result;
  const errors = answer && Array.isArray(answer.errors) ? answer.errors : [];
  const title = answer && answer.title ? `${response.status} ${answer.title}` : `HTTP ${response.status}`;
  const lines = errors.map((e) => located(e, systems, references));
  const refused = systems.map((s) => s.name).join(", ");
  throw new FileError([`The tool refused ${refused} (${title})`, ...lines].join("\n"));
}

function showError(output, message) {
  output.className = "score-output error";
  output.replaceChildren(node("h3", "Not scored"));
  const list = node("ul");
  for (const line of message.split("\n")) list.appendChild(node("li", line));
  output.appendChild(list);
}

// A table in a scrolling region: a header row of ``columns``, then one row of cells a row.
function scrolledTable(columns, rows, label, className) {
  const made = node("table", undefined, className);
  const head = made.createTHead().insertRow();
  for (const name of columns) {
    const cell = node("th", name);
    cell.scope = "col";
    head.appendChild(cell);
  }
  const body = made.createTBody();
  for (const cells of rows) {
    const row = body.insertRow();
    for (const text of cells) row.insertCell().textContent = text;
  }
  const scroll = node("div", undefined, "scroll");
  scroll.tabIndex = 0;
  scroll.setAttribute("role", "region");
  scroll.setAttribute("aria-label", label);
  scroll.appendChild(made);
  return scroll;
}

function table(results, width) {
  const names = [...new Set(results.flatMap((r) => r.scores.map((s) => s.name)))];
  const rows = results.map((result) => [
    result.hypotheses,
    ...names.map((name) => {
      const score = result.scores.find((s) => s.name === name);
      return score ? score.score.toFixed(width) : "";
    }),
  ]);
  return scrolledTable(["System", ...names], rows, "Scores table");
}

function download(document_) {
  const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], { type: "application/json" });
  const link = node("a", "Download the JSON");
  link.href = URL.createObjectURL(blob);
  link.download = "scores.json";
  link.className = "download";
  return link;
}

// A cell of sacreBLEU's table of several systems: the score, with a paired test its bootstrap
// mean and interval and, below, the p-value, starred when significant at 0.05.
function testedCell(value, width) {
  if (typeof value === "string") return value;
  let text = value.score.toFixed(width);
  if (value.mean !== null && value.ci !== null) {
    text += ` (${value.mean.toFixed(width)} ± ${value.ci.toFixed(width)})`;
  }
  if (value.p_value !== null) {
    text += `\n(p = ${value.p_value.toFixed(4)})${value.p_value > 0.05 ? "" : "*"}`;
  }
  return text;
}

function testedTable(rows, width) {
  const names = Object.keys(rows[0]).filter((key) => key !== "system");
  const withInterval = rows.some((row) => names.some((name) => row[name].mean != null));
  const columns = ["System", ...names.map((n) => (withInterval ? `${n} (μ ± 95% CI)` : n))];
  const cells = rows.map((row) => [row.system, ...names.map((n) => testedCell(row[n], width))]);
  return scrolledTable(columns, cells, "Paired results table", "tested");
}

// What a paired test did, as sacreBLEU's heading says it.
function testedHeading(input) {
  const flag = Object.keys(TESTS).find((name) => input[name] === true);
  if (!flag) return "";
  const trials = input[`${flag}_n`] ?? (flag === "paired_bs" ? 1000 : 10000);
  const kind = flag === "paired_bs" ? "bootstrap resampling" : "approximate randomization";
  const unit = flag === "paired_bs" ? "resampling trials" : "trials";
  return `Paired ${kind} test with ${count(trials)} ${unit}, each system against the first.`;
}

function showTested(output, scores, systems, references, input, width) {
  output.className = "score-output ok";
  output.replaceChildren(node("h3", "Scores"));
  if (scores.length && scores[0].system !== undefined) {
    const heading = testedHeading(input);
    if (heading) output.appendChild(node("p", heading));
    output.appendChild(testedTable(scores, width));
  } else {
    const pre = node("pre", aligned(scores.map((s) => scoreLine(s, width))), "lines");
    pre.tabIndex = 0;
    pre.setAttribute("aria-label", `sacreBLEU lines: ${systems[0].name}`);
    output.appendChild(pre);
  }
  const names = references.map((r) => r.name);
  output.appendChild(download({ references: names, systems: systems.map((s) => s.name), scores }));
}

function showScores(output, results, references, width) {
  output.className = "score-output ok";
  output.replaceChildren(node("h3", "Scores"));
  for (const result of results) {
    if (results.length > 1) output.appendChild(node("h4", result.hypotheses));
    // Not wrapped: the lines keep their alignment and scroll inside their box.
    const pre = node("pre", aligned(result.scores.map((s) => scoreLine(s, width))), "lines");
    pre.tabIndex = 0;
    pre.setAttribute("aria-label", `sacreBLEU lines: ${result.hypotheses}`);
    output.appendChild(pre);
  }
  output.appendChild(table(results, width));
  output.appendChild(download({ references: references.map((r) => r.name), systems: results }));
}

async function run(form, event) {
  event.preventDefault();
  const output = form.querySelector(".score-output");
  const button = form.querySelector("button[type=submit]");
  const bound = limits(form);
  output.className = "score-output";
  output.textContent = "Reading the files…";
  button.disabled = true;
  try {
    const systems = readAll(await sources(form.querySelector("#hyp-files"), form.querySelector("#hyp-text"), "pasted hypotheses", bound), bound);
    const references = readAll(await sources(form.querySelector("#ref-files"), form.querySelector("#ref-text"), "pasted references", bound), bound);
    if (systems.length === 0) throw new FileError("Choose or paste a hypothesis file.");
    if (references.length === 0) throw new FileError("Choose or paste at least one reference file.");
    if (references.length > bound.references) {
      throw new FileError(`${references.length} reference files; the tool takes 1 to ${bound.references}`);
    }
    checkCounts(systems, references);
    const input = options(form);
    const together = resampled(input);
    checkTotal(systems, references, bound, together);
    if (input.metrics.length === 0) throw new FileError("Choose at least one metric.");
    const width = input.width === undefined ? Number(form.querySelector("#opt-width").dataset.default) : input.width;
    if (together) {
      output.textContent = `Testing ${systems.map((s) => s.name).join(", ")}…`;
      const result = await callTool(form, systems, references, input);
      showTested(output, result.scores, systems, references, input, width);
      return;
    }
    const results = [];
    for (const system of systems) {
      output.textContent = `Scoring ${system.name}…`;
      const result = await callTool(form, [system], references, input);
      results.push({ hypotheses: system.name, ...result });
    }
    showScores(output, results, references, width);
  } catch (error) {
    showError(output, error instanceof FileError ? error.message : `The server did not answer: ${error}`);
  } finally {
    button.disabled = false;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const form = document.querySelector("#score-form");
  if (!form) return;
  form.addEventListener("submit", (event) => run(form, event));
  form.addEventListener("reset", () => form.querySelector(".score-output").replaceChildren());
});
