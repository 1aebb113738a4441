/*
 * Reads back what a test printer received: the ESC/POS commands a kitchen ticket uses, applied to a
 * style, and its text decoded from Windows-1252 (ESC t 16). Written here, apart from the encoder, so
 * the tests check the bytes rather than the library against itself; a command it does not know
 * fails the test instead of being skipped.
 */

export type TextStyle = { bold: boolean; underline: boolean; invert: boolean; width: number; height: number };
export type TextRun = TextStyle & { text: string };
export type PrintedLine = { text: string; runs: TextRun[] };
export type PrintedReceipt = {
  lines: PrintedLine[];
  /** Every line, joined with newlines. */
  text: string;
  cuts: number;
  /** The code pages selected, in order (ESC t n). */
  codepages: number[];
};

/** Windows-1252's 0x80–0x9F (undefined ones as U+FFFD); the rest of the page is Latin-1. */
const WINDOWS_1252_HIGH = '€\uFFFD‚ƒ„…†‡ˆ‰Š‹Œ\uFFFDŽ\uFFFD\uFFFD‘’“”•–—˜™š›œ\uFFFDžŸ';

function decodeByte(byte: number, codepage: number): string {
  if (byte < 0x80) return String.fromCharCode(byte);
  if (codepage !== 16)
    throw new Error(`byte 0x${byte.toString(16)} in code page ${codepage}, not 16 (Windows-1252)`);
  return byte < 0xa0 ? WINDOWS_1252_HIGH[byte - 0x80]! : String.fromCharCode(byte);
}

const PLAIN: TextStyle = { bold: false, underline: false, invert: false, width: 1, height: 1 };

export function decodeEscPos(input: Uint8Array): PrintedReceipt {
  const lines: PrintedLine[] = [];
  const codepages: number[] = [];
  let style = { ...PLAIN };
  let codepage = 0;
  let cuts = 0;
  let runs: TextRun[] = [];
  const endLine = () => {
    lines.push({ text: runs.map((run) => run.text).join(''), runs });
    runs = [];
  };
  const write = (char: string) => {
    const last = runs.at(-1);
    const same =
      last &&
      last.bold === style.bold &&
      last.underline === style.underline &&
      last.invert === style.invert &&
      last.width === style.width &&
      last.height === style.height;
    if (same) last.text += char;
    else runs.push({ ...style, text: char });
  };
  let i = 0;
  const arg = () => {
    if (i >= input.length) throw new Error('a command ends before its argument');
    return input[i++]!;
  };
  while (i < input.length) {
    const byte = input[i++]!;
    if (byte === 0x0a) endLine();
    else if (byte === 0x0d) continue;
    else if (byte === 0x1b) {
      const command = String.fromCharCode(arg());
      if (command === '@') {
        style = { ...PLAIN };
        codepage = 0;
      } else if (command === 'M' || command === 'a') arg();
      else if (command === 'E') style.bold = (arg() & 1) === 1;
      else if (command === '-') style.underline = arg() % 48 !== 0;
      else if (command === 'd') for (let n = arg(); n > 0; n--) endLine();
      else if (command === 't') {
        codepage = arg();
        codepages.push(codepage);
      } else throw new Error(`unknown command ESC ${command} at byte ${i - 2}`);
    } else if (byte === 0x1d) {
      const command = String.fromCharCode(arg());
      if (command === '!') {
        const n = arg();
        style.width = (n >> 4) + 1;
        style.height = (n & 0x0f) + 1;
      } else if (command === 'B') style.invert = (arg() & 1) === 1;
      else if (command === 'V') {
        if (arg() >= 65) arg();
        cuts++;
      } else throw new Error(`unknown command GS ${command} at byte ${i - 2}`);
    } else if (byte === 0x1c) {
      if (arg() !== 0x2e) throw new Error(`unknown command FS at byte ${i - 2}`);
    } else if (byte < 0x20) throw new Error(`unknown control byte 0x${byte.toString(16)} at byte ${i - 1}`);
    else write(decodeByte(byte, codepage));
  }
  if (runs.length > 0) endLine();
  return { lines, text: lines.map((line) => line.text).join('\n'), cuts, codepages };
}

/** The line that holds `text` (trimmed lines compared), or an error naming what was printed. */
export function findLine(receipt: PrintedReceipt, text: string): PrintedLine {
  const line = receipt.lines.find((candidate) => candidate.text.includes(text));
  if (!line) throw new Error(`"${text}" was not printed; the ticket read:\n${receipt.text}`);
  return line;
}

/** The style the first character of `text` was printed in. */
export function styleOf(receipt: PrintedReceipt, text: string): TextStyle {
  const line = findLine(receipt, text);
  let offset = line.text.indexOf(text);
  for (const run of line.runs) {
    if (offset < run.text.length) {
      const { text: _text, ...style } = run;
      return style;
    }
    offset -= run.text.length;
  }
  throw new Error(`"${text}" has no style`);
}
