import { it } from 'vitest';
import { checkMachineModel } from '../support/model-check';
import { formatCoverage } from '../support/coverage';
import { searchBoxMachine } from '@/machines/search-box.machine';
import { impersonationMachine } from '@/machines/impersonation.machine';
import { userSearchMachine } from '@/machines/user-search.machine';
import { userAdminMachine } from '@/machines/user-admin.machine';
import { searchBoxModelEntry } from '../machines/search-box.payloads';
import { impersonationModelEntry } from '../machines/impersonation.payloads';
import { userAdminModelEntry, userSearchModelEntry } from '../machines/user-admin.payloads';
it('cov', () => {
  for (const [m, e] of [[searchBoxMachine, searchBoxModelEntry], [impersonationMachine, impersonationModelEntry], [userSearchMachine, userSearchModelEntry], [userAdminMachine, userAdminModelEntry]] as const) {
    const t = Date.now();
    const r = checkMachineModel(m as any, e as any);
    console.log(m.id, Date.now() - t, 'ms', r.graph.snapshots.size, 'snapshots', r.paths.length, 'paths');
    console.log(formatCoverage(r.coverage));
  }
});
