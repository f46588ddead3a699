// Doubles travel between Python and node as the 16 hex digits of their IEEE-754 bits, so that no
// decimal formatting stands between the two sides.

const view = new DataView(new ArrayBuffer(8));

export function fromHex(hex) {
  view.setBigUint64(0, BigInt(`0x${hex}`));
  return view.getFloat64(0);
}

export function toHex(x) {
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}

export function inputLines(text) {
  return text.split("\n").filter((line) => line.length > 0);
}
