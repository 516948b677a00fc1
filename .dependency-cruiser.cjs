/** Import boundaries from ../shared/conventions.md: views → machines → domain; machines → services;
 *  services/contract imports only zod; domain imports nothing of ours; server → contract + domain. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports nothing of ours and no React, XState or I/O',
      from: { path: '^src/domain' },
      to: { pathNot: ['^src/domain'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'domain-no-libs',
      severity: 'error',
      from: { path: '^src/domain' },
      to: { path: 'node_modules' },
    },
    {
      name: 'contract-only-zod',
      severity: 'error',
      from: { path: '^src/services/contract' },
      to: { pathNot: ['^src/services/contract', '^src/domain', 'node_modules/zod'] },
    },
    {
      name: 'machines-no-views',
      severity: 'error',
      from: { path: '^src/machines' },
      to: {
        path: ['^src/views', '^src/app', '^src/config\\.ts$', 'node_modules/react', 'node_modules/react-dom'],
      },
    },
    {
      name: 'services-no-upper',
      severity: 'error',
      from: { path: '^src/services' },
      to: { path: ['^src/views', '^src/app', '^src/machines'] },
    },
    {
      name: 'views-no-services',
      severity: 'error',
      comment: 'views render machine state; they never reach a service at run time (types are fine)',
      from: { path: '^src/views' },
      to: { path: '^src/services', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'views-no-app',
      severity: 'error',
      comment:
        'the app composes views; a view never reaches up into it. Deployment settings are src/config.ts (decisions AR16)',
      from: { path: '^src/views' },
      to: { path: '^src/app' },
    },
    {
      name: 'config-leaf',
      severity: 'error',
      comment:
        'src/config.ts reads the build environment and imports nothing, so any layer may read it (decisions AR16)',
      from: { path: '^src/config\\.ts$' },
      to: { path: ['^src', 'node_modules'] },
    },
    {
      name: 'i18n-leaf',
      severity: 'error',
      from: { path: '^src/i18n' },
      to: { path: ['^src/views', '^src/app', '^src/machines', '^src/services'] },
    },
    {
      name: 'server-only-contract-domain',
      severity: 'error',
      from: { path: '^server' },
      to: { path: '^src', pathNot: ['^src/services/contract', '^src/domain'] },
    },
    {
      name: 'src-not-server',
      severity: 'error',
      from: { path: '^src' },
      to: { path: '^server' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
