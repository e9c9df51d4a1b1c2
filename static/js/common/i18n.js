// The pages' words in the page's language (<html lang>): t("Solved") and
// tn("%(n)s move", "%(n)s moves", n) look the English up in the catalogue
// of the page's language (static/i18n/<lang>.json, written from the .po by
// webapp/web/language.py and linked from the head as #i18n-catalogue;
// English needs none), and fill in %(name)s from values.
// pybabel finds t() and tn() here (babel.cfg), so every word a module says
// reaches the catalogue: write the English whole, never built from pieces.
//
// The catalogue is loaded before any module that imports this one runs
// (top-level await), so t() never answers before it knows.
//
// base.html loads this module on every page that is not English or has
// ?lang= (templates/_language_head.html); it takes ?lang= out of the address
// the page shows: the choice is kept in a cookie, and a link copied from the
// address bar (or built from it, as Share does) opens in its reader's
// language, not ours.

export const lang = document.documentElement.lang || "en";

// ?lang= has done its work (the server set the cookie): out of the address,
// first, before any other module reads it
const here = new URL(window.location.href);
if (here.searchParams.has("lang")) {
  here.searchParams.delete("lang");
  history.replaceState(history.state, "", here.pathname + here.search + here.hash);
}

const catalogue = await load();

async function load() {
  const link = document.getElementById("i18n-catalogue");
  if (!link) return { messages: {}, plural: (n) => (n === 1 ? 0 : 1) };
  try {
    const response = await fetch(link.href, { credentials: "same-origin" });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const body = await response.json();
    return { messages: body.messages || {}, plural: pluralRule(body.plural_forms) };
  } catch {
    // no catalogue: the English words, rather than a broken page
    return { messages: {}, plural: (n) => (n === 1 ? 0 : 1) };
  }
}

function fill(text, values = {}) {
  return text.replace(/%\((\w+)\)s/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

// text in the page's language, with values' %(name)s filled in
export function t(text, values) {
  const found = catalogue.messages[text];
  return fill(typeof found === "string" && found ? found : text, values);
}

// one of singular and plural by n, as the language counts: values.n is
// n formatted as a number of the page's language, unless values gives its own
export function tn(singular, plural, n, values = {}) {
  const forms = catalogue.messages[singular];
  const index = catalogue.plural(n);
  const english = n === 1 ? singular : plural;
  const text = Array.isArray(forms) && forms[index] ? forms[index] : english;
  return fill(text, { n: number(n), ...values });
}

// 1,234 in English, 1.234 in German
export function number(n) {
  return new Intl.NumberFormat(lang).format(n);
}

// The catalogue's Plural-Forms ("nplurals=2; plural=(n != 1);"): its
// expression, read by a small parser of gettext's C subset (the page's
// policy forbids eval). An expression it cannot read counts as English.
export function pluralRule(forms) {
  const source = /plural\s*=\s*([^;]+)/.exec(forms || "");
  try {
    if (!source) throw new Error("no plural expression");
    const tokens = source[1].match(/\d+|n|&&|\|\||[=!<>]=|[<>?:()%!*/+-]/g) || [];
    const read = parser(tokens);
    return (n) => Number(read(n));
  } catch {
    return (n) => (n === 1 ? 0 : 1);
  }
}

// ternary > || > && > == != > < <= > >= > + - > * / % > ! and atoms
function parser(tokens) {
  let at = 0;
  const peek = () => tokens[at];
  const take = (want) => {
    if (want !== undefined && tokens[at] !== want) throw new Error(`expected ${want}`);
    return tokens[at++];
  };
  const binary = (ops, next) => () => {
    let left = next();
    while (ops[peek()]) {
      const op = ops[take()];
      const l = left, r = next();
      left = (n) => op(l(n), r(n));
    }
    return left;
  };
  const atom = () => {
    const token = take();
    if (token === "n") return (n) => n;
    if (token === "!") { const inner = atom(); return (n) => Number(!inner(n)); }
    if (token === "(") { const inner = ternary(); take(")"); return inner; }
    if (/^\d+$/.test(token)) { const value = Number(token); return () => value; }
    throw new Error(`unexpected ${token}`);
  };
  const product = binary({ "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b }, atom);
  const sum = binary({ "+": (a, b) => a + b, "-": (a, b) => a - b }, product);
  const order = binary({ "<": (a, b) => +(a < b), ">": (a, b) => +(a > b), "<=": (a, b) => +(a <= b),
                         ">=": (a, b) => +(a >= b) }, sum);
  const equal = binary({ "==": (a, b) => +(a === b), "!=": (a, b) => +(a !== b) }, order);
  const and = binary({ "&&": (a, b) => +(a && b) }, equal);
  const or = binary({ "||": (a, b) => +(a || b) }, and);
  function ternary() {
    const test = or();
    if (peek() !== "?") return test;
    take("?");
    const yes = ternary();
    take(":");
    const no = ternary();
    return (n) => (test(n) ? yes(n) : no(n));
  }
  const whole = ternary();
  if (at !== tokens.length) throw new Error("trailing tokens");
  return whole;
}
