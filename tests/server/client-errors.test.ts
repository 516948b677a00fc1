/**
 * The browsers' failure reports (docs/decisions.md OBS9) on the reference backend: public, CSRF
 * header, checked by the contract's schema, rate-limited per address, counted in the metrics, logged without what a
 * caller could put in it.
 */
import { describe, expect, it } from 'vitest';
import { createApp, createServices } from '../../server/app';
import { PER_ADDRESS } from '../../server/client-errors';
import { createManualClock, MINUTE } from '../../server/clock';
import { createMemoryLogger } from '../../server/logger';
import { createMetrics } from '../../server/metrics';
import { createAgent, seededDb, TEST_COST } from './harness';

function setup() {
  const db = seededDb();
  const clock = createManualClock();
  const logger = createMemoryLogger();
  const metrics = createMetrics({ defaultMetrics: false });
  const services = createServices({ db, clock, logger, metrics, config: { passwordCost: TEST_COST } });
  const app = createApp({ db, services });
  const agent = createAgent((req) => app.fetch(req));
  const reports = () =>
    logger.lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.event === 'client.error');
  return { agent, clock, logger, metrics, reports };
}

const report = {
  kind: 'contract',
  requestId: 'failed-7',
  route: 'session.user',
  message: 'result.roles: invalid_type',
};

describe('POST client-errors', () => {
  it('counts and logs a report without a session', async () => {
    const { agent, metrics, reports } = setup();
    const res = await agent.call('POST', 'client-errors', report);
    expect([res.http, res.status, res.result]).toEqual([200, 'OKOK', { counted: true }]);
    expect(reports()).toEqual([
      expect.objectContaining({
        level: 'warn',
        kind: 'contract',
        failedRequestId: 'failed-7',
        route: 'session.user',
        message: 'result.roles: invalid_type',
      }),
    ]);
    expect((await metrics.render()).body).toContain('client_errors_total{kind="contract"} 1');
  });

  it('needs the CSRF header as every mutating call', async () => {
    const { agent, reports } = setup();
    const res = await agent.call('POST', 'client-errors', report, { csrf: false });
    expect([res.http, res.status]).toEqual([403, 'E005']);
    expect(reports()).toEqual([]);
  });

  it('drops what the schema does not name, never logging it', async () => {
    const { agent, reports } = setup();
    const res = await agent.call('POST', 'client-errors', {
      ...report,
      url: '/ru/orders?q=Ivanov',
      stack: 'at zzStack',
    });
    expect(res.result).toEqual({ counted: true });
    expect(Object.keys(reports()[0] ?? {}).sort()).toEqual(
      ['event', 'failedRequestId', 'kind', 'level', 'message', 'requestId', 'route', 't'].sort(),
    );
    expect(JSON.stringify(reports())).not.toMatch(/Ivanov|zzStack/);
  });

  it('refuses a long message, an unknown kind, a malformed id or route', async () => {
    const { agent, reports } = setup();
    for (const body of [
      { ...report, kind: 'other' },
      { ...report, message: 'x'.repeat(201) },
      { ...report, requestId: 'has space' },
      { ...report, route: '/ru/orders?q=Ivanov' },
      { kind: 'error' },
    ])
      expect((await agent.call('POST', 'client-errors', body)).status, JSON.stringify(body)).toBe('E101');
    expect(reports()).toEqual([]);
    // 200 characters are the longest message taken, whole (OBS9)
    const longest = { ...report, message: 'x'.repeat(200) };
    expect((await agent.call('POST', 'client-errors', longest)).status).toBe('OKOK');
    expect(reports().map((r) => r.message)).toEqual(['x'.repeat(200)]);
  });

  it('logs the message made safe again, whatever the browser sent', async () => {
    const { agent, reports } = setup();
    await agent.call('POST', 'client-errors', {
      kind: 'error',
      route: '/:lang/orders/:id',
      message: 'Error: "Ivanov" 901234567 ivan@mail.uz',
    });
    expect(reports()[0]?.message).toBe('Error: "…" # [email]');
    const log = JSON.stringify(reports());
    for (const personal of ['Ivanov', '901234567', 'ivan@mail.uz']) expect(log).not.toContain(personal);
  });

  it(`keeps at most ${PER_ADDRESS} reports a minute from one address, then counts again`, async () => {
    const { agent, clock, metrics, reports } = setup();
    const answers: unknown[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++)
      answers.push((await agent.call('POST', 'client-errors', { ...report, kind: 'error' })).result);
    expect(answers.filter((a) => (a as { counted: boolean }).counted)).toHaveLength(PER_ADDRESS);
    expect(answers.at(-1)).toEqual({ counted: false });
    expect(reports()).toHaveLength(PER_ADDRESS);
    expect((await metrics.render()).body).toContain(`client_errors_total{kind="error"} ${PER_ADDRESS}`);
    clock.advance(MINUTE);
    expect((await agent.call('POST', 'client-errors', report)).result).toEqual({ counted: true });
  });
});
