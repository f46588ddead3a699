// The pages' one script: the try-it form sends its JSON to the execute endpoint with fetch()
// and shows the result, or the errors with their pointers; code blocks get a copy button.
// Everything shown is set as text, never parsed as HTML.
"use strict";

function element(tag, text, className) {
  const node = document.createElement(tag);
  if (text !== undefined) node.textContent = text;
  if (className) node.className = className;
  return node;
}

// JSON as the server's pages show it: one member a line at the top, and any value that fits
// in WIDTH characters on one line, so a list of counts reads [4, 3, 2, 1].
const WIDTH = 76;

function flatJson(value) {
  if (Array.isArray(value)) return `[${value.map(flatJson).join(", ")}]`;
  if (value !== null && typeof value === "object") {
    const members = Object.entries(value).map(([k, v]) => `${JSON.stringify(k)}: ${flatJson(v)}`);
    return `{${members.join(", ")}}`;
  }
  return JSON.stringify(value);
}

function prettyJson(value, level = 0) {
  const flat = flatJson(value);
  const composite = value !== null && typeof value === "object";
  if (!composite || Object.keys(value).length === 0) return flat;
  if (level > 0 && flat.length + 2 * level <= WIDTH) return flat;
  const pad = "  ".repeat(level + 1);
  const end = "  ".repeat(level);
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => pad + prettyJson(v, level + 1)).join(",\n")}\n${end}]`;
  }
  const members = Object.entries(value).map(
    ([k, v]) => `${pad}${JSON.stringify(k)}: ${prettyJson(v, level + 1)}`,
  );
  return `{\n${members.join(",\n")}\n${end}}`;
}

function errorTable(errors) {
  const table = element("table");
  const head = table.createTHead().insertRow();
  for (const name of ["code", "pointer", "message"]) {
    const cell = element("th", name);
    cell.scope = "col";
    head.appendChild(cell);
  }
  const body = table.createTBody();
  for (const error of errors) {
    const row = body.insertRow();
    row.insertCell().appendChild(element("code", String(error.code)));
    const pointer = error.pointer === "" ? "(the whole input)" : String(error.pointer);
    row.insertCell().appendChild(element("code", pointer, "pointer"));
    row.insertCell().textContent = String(error.message);
  }
  const scroll = element("div", undefined, "scroll");
  scroll.appendChild(table);
  return scroll;
}

function showAnswer(output, status, text) {
  let body = null;
  try {
    body = JSON.parse(text);
  } catch (_) {
    body = null;
  }
  output.replaceChildren();
  if (status === 200 && body !== null) {
    output.className = "try-output ok";
    output.append(element("h3", "Result"), element("pre", prettyJson(body)));
    return;
  }
  output.className = "try-output error";
  const title = body && body.title ? `${status} ${body.title}` : `HTTP ${status}`;
  output.appendChild(element("h3", title));
  if (body && Array.isArray(body.errors) && body.errors.length > 0) {
    output.appendChild(element("p", body.detail ? String(body.detail) : ""));
    output.appendChild(errorTable(body.errors));
  } else {
    output.appendChild(element("pre", text));
  }
}

async function submit(form, event) {
  event.preventDefault();
  const output = form.querySelector(".try-output");
  const button = form.querySelector("button[type=submit]");
  output.className = "try-output";
  output.textContent = "Running…";
  button.disabled = true;
  try {
    const response = await fetch(form.dataset.execute, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: form.querySelector("textarea").value,
    });
    showAnswer(output, response.status, await response.text());
  } catch (error) {
    output.className = "try-output error";
    output.textContent = `The server did not answer: ${error}`;
  } finally {
    button.disabled = false;
  }
}

function addCopyButton(button) {
  if (!navigator.clipboard) return;
  button.hidden = false;
  button.addEventListener("click", async () => {
    const code = button.parentElement.querySelector("pre").textContent;
    try {
      await navigator.clipboard.writeText(code);
      button.textContent = "Copied";
    } catch (_) {
      button.textContent = "Select and copy";
    }
    setTimeout(() => { button.textContent = "Copy"; }, 2000);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form[data-execute]")) {
    form.addEventListener("submit", (event) => submit(form, event));
    form.addEventListener("reset", () => form.querySelector(".try-output").replaceChildren());
  }
  for (const button of document.querySelectorAll(".code .copy")) addCopyButton(button);
});
