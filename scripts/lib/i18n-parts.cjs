// Splits a language's messages (src/i18n/ru.json, uz.json) into four parts: 'start' — what the login page shows (its
// form, the shell, the errors its calls can return); 'more' — what pages beyond it share (the session's layout: menu,
// header search, impersonation banner, role picker; the other Auth forms; the words, checks and errors of the pages:
// src/i18n/more-keys.json), fetched with the first of them; 'public' — the public onboarding pages' texts
// (src/i18n/public-keys.json); 'pages' — what only the signed-in code-split pages need (src/i18n/page-keys.json). The
// login page then downloads no other page's texts, a visitor of /new-client none of the signed-in pages'. A key list
// names a top-level key ('nav') or a key at any depth ('header.search', 'auth.register'; a deeper one, such as
// 'auth.register.title' in no list, stays where its parent goes only when no list names it: the most specific entry
// wins). A fifth part, 'shell', is not one more slice but what the public root (docs/decisions.md NC15) loads instead
// of 'start': the top-level keys of src/i18n/shell-keys.json, whole — the layout's texts, the words and checks, the
// errors — without the sign-in pages', the roles' and the signed-in header's. Used by the build (rspack loader below)
// and by vitest (vite plugin in vitest.config.ts); the app imports `./ru.json?part=start`.
const { readFileSync } = require('node:fs');
const { dirname, join } = require('node:path');

const PARTS = ['start', 'shell', 'more', 'public', 'pages'];
/** The parts with a key list of their own, by the list's file name. */
const LISTS = { more: 'more-keys.json', public: 'public-keys.json', pages: 'page-keys.json' };
const LISTED = Object.keys(LISTS);

/** The key lists of the 'more', 'public' and 'pages' parts and of the 'shell' part, read next to the messages file. */
function keySetsFor(messagesPath) {
  const read = (name) => new Set(JSON.parse(readFileSync(join(dirname(messagesPath), name), 'utf8')));
  return {
    more: read(LISTS.more),
    pages: read(LISTS.pages),
    public: read(LISTS.public),
    shell: read('shell-keys.json'),
  };
}

/** The part ('start', 'more', 'public' or 'pages') of a key path ('nav', 'header.search', 'auth.register.title'): the
 *  list naming it, or else its parent's part; 'start' when no list names it or a parent. */
function partOfKey(path, sets) {
  for (const part of LISTED) if (sets[part].has(path)) return part;
  const dot = path.lastIndexOf('.');
  return dot === -1 ? 'start' : partOfKey(path.slice(0, dot), sets);
}

/** Whether some list names a key inside `path` (then its value is split between parts). */
function isSplit(path, sets) {
  return LISTED.some((part) => [...sets[part]].some((p) => p.startsWith(`${path}.`)));
}

/** The slice of the messages object `tree` (at key path `prefix`) that belongs to `slice`, or undefined when none. */
function sliceOf(tree, slice, sets, prefix = '') {
  const out = {};
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === 'object' && isSplit(path, sets)) {
      const inner = sliceOf(value, slice, sets, path);
      if (inner !== undefined) out[key] = inner;
    } else if (partOfKey(path, sets) === slice) out[key] = value;
  }
  return Object.keys(out).length > 0 || prefix === '' ? out : undefined;
}

/** The JSON text of one part of a messages file's JSON text. */
function pickPart(source, part, sets) {
  if (!PARTS.includes(part)) throw new Error(`unknown messages part ${part}`);
  const all = JSON.parse(source);
  if (part !== 'shell') return JSON.stringify(sliceOf(all, part, sets));
  return JSON.stringify(Object.fromEntries(Object.entries(all).filter(([key]) => sets.shell.has(key))));
}

/** The part named by a `?part=` query, or null. */
function partOf(query) {
  const m = /[?&]part=([a-z]+)/.exec(query ?? '');
  return m ? m[1] : null;
}

/**
 * rspack loader: `import('./ru.json?part=start')`, as an ES module whose default export is the part. Not a JSON module:
 * importing one with `import()` needs the bundler's CommonJS interop at run time (a namespace object made up around
 * `module.exports`), whose helper then sits in the login page's first script (docs/decisions.md LB23). `JSON.parse` of
 * a string literal, as the bundler writes a JSON module: parsed faster than the same object written as code.
 */
function loader(source) {
  for (const name of [...Object.values(LISTS), 'shell-keys.json'])
    this.addDependency(join(dirname(this.resourcePath), name));
  const json = pickPart(source, partOf(this.resourceQuery), keySetsFor(this.resourcePath));
  return `export default JSON.parse(${JSON.stringify(json)});`;
}

module.exports = loader;
module.exports.pickPart = pickPart;
module.exports.partOf = partOf;
module.exports.keySetsFor = keySetsFor;
module.exports.partOfKey = partOfKey;
