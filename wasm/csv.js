// csv.js -- the playground's CSV files, as spreadsheets read them
// (docs/browser.md, "The CSV files"); imported by playground.js and
// worker.js.
//
//   - RFC 4180 §2: fields separated by commas, records ended by CRLF, a
//     field holding a comma, a quote, CR or LF quoted with its quotes
//     doubled;
//   - a UTF-8 byte-order mark first, so that Excel reads the file as UTF-8
//     (without it, Excel on Windows reads it in the system's code page);
//   - an empty cell for an SQL NULL or an absent value, never the word
//     NULL; a BLOB as X'hex', the way SQLite writes its literal;
//   - no formula injection (OWASP, "CSV Injection"): a text cell that
//     begins with =, +, -, @, a tab or a carriage return, or with one of
//     =, +, -, @ after white space (a program that trims a cell before it
//     imports it would run that formula), gets a single quote in front and
//     is quoted, so that a spreadsheet shows it as text instead of running
//     it.  Numbers (an SQL INTEGER or REAL) are written
//     as they are.

export const BOM = "\uFEFF";

// The CSV text of one cell.
export function csvField(v) {
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "bigint") return String(v);
  let s;
  if (v instanceof Uint8Array) {
    s = "X'" + Array.from(v, (b) => b.toString(16).padStart(2, "0")).join("").toUpperCase() + "'";
  } else {
    s = String(v);
  }
  // OWASP CSV Injection: a leading = + - @ TAB CR starts a formula, and
  // so does = + - @ after leading white space once an importer trims it.
  if (/^[\t\r]|^\s*[=+\-@]/.test(s)) return `"'${s.replace(/"/g, '""')}"`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

// A whole file: the BOM, the header row, the rows, each ended by CRLF.
export function toCsv(columns, rows) {
  const out = [BOM + columns.map(csvField).join(",")];
  for (const r of rows) out.push(r.map(csvField).join(","));
  return out.join("\r\n") + "\r\n";
}

// The identifiers table's columns and one row of it (worker.js's rows),
// as the page shows them.
export const IDS_COLUMNS = ["line", "as written", "URN", "error", "NID", "NSS", "canonical",
  "group (URN)", "group (URN_NS)"];

export function idsCsvRow(r) {
  return [r[0], r[1], r[2] === 1 ? "yes" : "no", r[3], r[5], r[6], r[7], r[8] || null, r[9] || null];
}
