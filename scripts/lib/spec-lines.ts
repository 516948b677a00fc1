/**
 * The product spec's lines as the statechart explorer cites them. The spec lives beside the repository
 * (../shared/spec/portal-spec.md); a clone without it (CI) reads the copy `npm run charts` recorded in
 * docs/statecharts/spec-lines.json, so the explorer and its citation test work everywhere and a spec edit that moves
 * a cited line shows up as a difference between the spec and the record (tests/machines/spec-citations.test.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
export const SPEC_FILE = join(root, '..', 'shared', 'spec', 'portal-spec.md');
export const SPEC_RECORD = join(root, 'docs', 'statecharts', 'spec-lines.json');

export interface SpecSection {
  /** `1` … `9`. */
  readonly n: string;
  readonly title: string;
  /** First and last line numbers (1-based) of the section, its heading included. */
  readonly from: number;
  readonly to: number;
}

export interface SpecLines {
  readonly sections: readonly SpecSection[];
  /** Line number → text, for every non-empty line of the numbered sections. */
  readonly lines: Readonly<Record<string, string>>;
}

/** Sections whose statements count as requirements an implementation should cite (functions, routes, states,
 *  validation, roles, calls); a line there that nothing cites is a gap. */
export const REQUIREMENT_SECTIONS: readonly string[] = ['1', '2', '4', '5', '6', '7'];

/** The numbered sections and their non-empty lines, read from the spec's text. */
export function parseSpec(text: string): SpecLines {
  const all = text.split('\n');
  const sections: SpecSection[] = [];
  const lines: Record<string, string> = {};
  all.forEach((line, i) => {
    const heading = /^## (\d+)\. (.+)$/.exec(line);
    if (heading?.[1] && heading[2]) {
      const last = sections.at(-1);
      if (last) sections[sections.length - 1] = { ...last, to: i };
      sections.push({ n: heading[1], title: heading[2].trim(), from: i + 1, to: all.length });
    }
    if (sections.length > 0 && line.trim()) lines[String(i + 1)] = line;
  });
  const last = sections.at(-1);
  if (last) {
    let end = all.length;
    while (end > last.from && !all[end - 1]?.trim()) end--;
    sections[sections.length - 1] = { ...last, to: end };
  }
  return { sections, lines };
}

/** The spec beside the repository when it is there, else the record; `undefined` when neither exists. */
export function loadSpecLines(): { readonly spec: SpecLines; readonly from: 'spec' | 'record' } | undefined {
  if (existsSync(SPEC_FILE)) return { spec: parseSpec(readFileSync(SPEC_FILE, 'utf8')), from: 'spec' };
  if (existsSync(SPEC_RECORD)) {
    return { spec: JSON.parse(readFileSync(SPEC_RECORD, 'utf8')) as SpecLines, from: 'record' };
  }
  return undefined;
}

export const specLinesText = (spec: SpecLines) => `${JSON.stringify(spec, null, 2)}\n`;

/** The section a line belongs to. */
export const sectionOf = (spec: SpecLines, line: number) =>
  spec.sections.find((s) => line >= s.from && line <= s.to);

/** What a line of the spec is: a heading, a table's head or separator, a list's introduction ('Functions:',
 *  'Signing flow:'), a statement (a list item, a table row, a sentence), or nothing. */
export function lineKind(
  spec: SpecLines,
  line: number,
): 'none' | 'heading' | 'table head' | 'intro' | 'statement' {
  const text = spec.lines[String(line)];
  if (!text) return 'none';
  if (text.startsWith('#')) return 'heading';
  const separator = (t: string | undefined) => t !== undefined && /^\|[\s|:-]+\|$/.test(t);
  if (separator(text) || (text.startsWith('|') && separator(spec.lines[String(line + 1)])))
    return 'table head';
  return text.trimEnd().endsWith(':') ? 'intro' : 'statement';
}

/** Whether a line states something itself: the lines the gap list counts. */
export const isStatement = (spec: SpecLines, line: number) => lineKind(spec, line) === 'statement';

/**
 * Problems with a citation `§<section>:<line>`: the line must exist, hold a statement or introduce a list, and lie in
 * the section the citation names. Empty when it is sound.
 */
export function citationProblems(spec: SpecLines, ref: string): string[] {
  const m = /^§(\d+):(\d+)$/.exec(ref);
  if (!m?.[1] || !m[2]) return [`'${ref}' is not §<section>:<line>`];
  const line = Number(m[2]);
  const section = sectionOf(spec, line);
  if (!section) return [`${ref}: line ${line} is outside the spec's numbered sections`];
  const problems: string[] = [];
  if (section.n !== m[1]) problems.push(`${ref}: line ${line} is in section ${section.n}, not ${m[1]}`);
  // a list's introduction may be cited for the whole list (the signing flow, the start-up decision)
  const kind = lineKind(spec, line);
  if (kind !== 'statement' && kind !== 'intro')
    problems.push(`${ref}: line ${line} states nothing (empty, a heading or a table head)`);
  return problems;
}
