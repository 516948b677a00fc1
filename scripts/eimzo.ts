/**
 * `npm run eimzo`: runs the E-IMZO simulator alone, in interactive mode, and prints its URLs and demo keys.
 *
 * Flags: --port N (64646), --control-port N (64650), --wss (also wss on 64443), --wss-port N, --version x.y.z
 * (6.4.7), --mode scripted|interactive, --data-dir DIR, --allow-origin HOST (repeatable).
 */
import { parseArgs } from 'node:util';
import { buildAlias, demoKeyTin } from '../server/eimzo/demo-keys';
import { startSimulator } from '../server/eimzo/simulator';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    'control-port': { type: 'string' },
    wss: { type: 'boolean' },
    'wss-port': { type: 'string' },
    version: { type: 'string' },
    mode: { type: 'string' },
    'data-dir': { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
  },
});

function int(text: string | undefined, name: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`--${name}: expected a port number`);
  return n;
}

function version(text: string | undefined) {
  if (text === undefined) return undefined;
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new Error('--version: expected x.y or x.y.z');
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3] ?? 0) };
}

const mode = values.mode ?? 'interactive';
if (mode !== 'interactive' && mode !== 'scripted') throw new Error('--mode: interactive or scripted');

const sim = await startSimulator({
  mode,
  port: int(values.port, 'port'),
  controlPort: int(values['control-port'], 'control-port'),
  wss: values.wss ?? false,
  wssPort: int(values['wss-port'], 'wss-port'),
  version: version(values.version),
  dataDir: values['data-dir'],
  allowedOrigins: values['allow-origin'] ?? [],
  log: (line) => console.log(`[eimzo] ${line}`),
});

const v = sim.getVersion();
const lines = [
  `E-IMZO simulator ${v.major}.${v.minor}.${v.patch} (${mode})`,
  `  module:        ${sim.url}`,
  ...(sim.wssUrl
    ? [
        `  module (wss):  ${sim.wssUrl}  (self-signed: open https://127.0.0.1:${new URL(sim.wssUrl).port}/ once and accept)`,
      ]
    : []),
  `  control page:  ${sim.controlUrl}  (type key passwords here while the portal signs)`,
  `  test CA:       ${sim.ca.dataDir}/ca-cert.pem`,
  '',
  'Demo keys (serial, TIN, valid to, password, purpose):',
  ...sim.keys.map(
    (k) => `  ${k.serialNumber}  ${(demoKeyTin(k) ?? '-').padEnd(9)}  ${k.validTo}  ${k.password}  ${k.note}`,
  ),
  '',
  'Aliases as the module lists them:',
  ...sim.keys.map((k) => `  ${buildAlias(k)}`),
];
console.log(lines.join('\n'));

async function shutdown() {
  await sim.close();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
