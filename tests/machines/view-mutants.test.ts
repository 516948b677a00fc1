import { describe, expect, it } from 'vitest';
import { enumerateViewMutants, spreadSample } from '../../scripts/lib/view-mutants';
import { viewFolders } from '../../scripts/lib/view-mutation';

const VIEW = `export function Panel({ busy, error, send }: Props) {
  const { t } = useTranslation();
  return (
    <form onSubmit={(e) => send({ type: 'save' })}>
      {error ? <p role="alert">{t('panel.error')}</p> : null}
      {busy && <span>{t('panel.busy')}</span>}
      <button type="submit" disabled={busy}>{t('panel.save')}</button>
      <button type="button" onClick={() => send({ type: 'cancel' })} disabled={false}>x</button>
    </form>
  );
}
`;

describe('view mutants (npm run mutation, views half)', () => {
  const mutants = enumerateViewMutants('panel.view.tsx', VIEW);

  it('seeds each kind a user would see, one change per mutant, and nothing that does not parse', () => {
    const kinds = mutants.map((m) => m.kind);
    expect(kinds.filter((k) => k === 'negated-condition')).toHaveLength(2);
    // disabled={false} is already enabled: not a mutant
    expect(kinds.filter((k) => k === 'enabled-control')).toHaveLength(1);
    expect(kinds.filter((k) => k === 'wrong-text')).toHaveLength(3);
    expect(kinds.filter((k) => k === 'dropped-handler')).toHaveLength(2);
    for (const m of mutants) expect(m.source).not.toBe(VIEW);
    expect(mutants.find((m) => m.kind === 'negated-condition')?.source).toContain('{!(error) ? <p');
    expect(mutants.find((m) => m.kind === 'enabled-control')?.source).toContain(
      '<button type="submit" disabled={false}>',
    );
    expect(mutants.find((m) => m.kind === 'wrong-text')?.source).toContain(
      '<p role="alert">{t(\'panel.busy\')}</p>',
    );
    expect(mutants.find((m) => m.kind === 'dropped-handler')?.source).toContain(
      '<form onSubmit={() => undefined}>',
    );
    expect(mutants[0]?.where).toMatch(/^panel\.view\.tsx:\d+$/);
  });

  it('takes no condition cut inside a call ({t(a === b ? … is a text choice, not a JSX condition)', () => {
    const src = `export const X = ({ csv }: { csv: boolean }) => <b>{t(csv === true ? 'a.csv' : 'a.xlsx')}</b>;\n`;
    expect(enumerateViewMutants('x.view.tsx', src).filter((m) => m.kind === 'negated-condition')).toEqual([]);
  });

  it('seeds nothing inside a comment (a usage example changes nothing that runs)', () => {
    const commented = `/**
 * Use: <Panel label={t('panel.example')} />, {ready ? 'a' : 'b'}
 */
${VIEW}// {busy ? t('panel.other') : null}
const x = 1; // {busy && t('panel.other2')}
`;
    const all = enumerateViewMutants('panel.view.tsx', commented);
    expect(all.map((m) => m.kind)).toEqual(mutants.map((m) => m.kind));
    for (const m of all) {
      for (const kept of [
        "t('panel.example')",
        "{ready ? 'a'",
        "{busy ? t('panel.other')",
        "{busy && t('panel.other2')",
      ])
        expect(m.source).toContain(kept);
    }
  });

  it('sends another payload for each field of a sent event, and leaves a busy mark out', () => {
    const src = `export function Picker({ roles, page, busy, actor }: Props) {
  return (
    <ul aria-busy={busy || undefined}>
      {roles.map((role) => (
        <button key={role} onClick={() => actor.send({ type: 'role.choose', role })}>{role}</button>
      ))}
      <input type="checkbox" onChange={(e) => actor.send({ type: 'licence.toggle', accepted: e.target.checked })} />
      <button onClick={() => actor.send({ type: 'list.page', page: page - 1 })}>next</button>
      <button onClick={() => actor.send({ type: 'login.submit', login: a, password: b })}>in</button>
      <SendButton actor={actor} event={{ type: 'row.remove', index }}>x</SendButton>
      <button onClick={() => other.call({ type: 'not.sent', x })}>y</button>
    </ul>
  );
}
`;
    const payloads = enumerateViewMutants('picker.view.tsx', src).filter((m) => m.kind === 'other-payload');
    const changed = payloads.map((m) => {
      const line = m.source.split('\n')[Number(m.where.split(':')[1]) - 1] ?? '';
      return line.trim();
    });
    expect(changed).toEqual([
      expect.stringContaining("send({ type: 'role.choose', role: '' })"),
      expect.stringContaining('accepted: !(e.target.checked)'),
      expect.stringContaining('page: (page - 1) + 1'),
      expect.stringContaining('login: b, password: b'),
      expect.stringContaining('login: a, password: a'),
      expect.stringContaining("event={{ type: 'row.remove', index: (index) + 1 }}"),
    ]);
    const busy = enumerateViewMutants('picker.view.tsx', src).filter((m) => m.kind === 'dropped-busy-mark');
    expect(busy.map((m) => m.source.includes('<ul aria-busy={undefined}>'))).toEqual([true]);
  });

  it('a capped sample still tries every kind', () => {
    const sample = spreadSample(mutants, 4);
    expect(sample).toHaveLength(4);
    expect(new Set(sample.map((m) => m.kind)).size).toBe(4);
    expect(spreadSample(mutants, 100)).toHaveLength(mutants.length);
  });

  it('every view folder of the manifest has its generated view walks', () => {
    const folders = viewFolders();
    expect(folders.get('src/views/auth/')).toEqual(
      expect.arrayContaining([
        'tests/views/auth.view-walk.test.tsx',
        'tests/views/session.view-walk.test.tsx',
      ]),
    );
    for (const walks of folders.values()) expect(walks.length).toBeGreaterThan(0);
  });
});
