import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { noCrossRemoteImports, oneWayDependencies } from './eslint-rules.js';

RuleTester.describe = describe;
RuleTester.it = it;

const remotes = '/workspace/remotes';
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const inFinance = `${remotes}/finance/src/invoices/List.tsx`;

tester.run('no-cross-remote-imports', noCrossRemoteImports(remotes), {
  valid: [
    { filename: inFinance, code: "import { api } from '@hcm/kit';" },
    { filename: inFinance, code: "import { rules } from '../rules';" },
    { filename: inFinance, code: "import area from '../../area.json';" },
    { filename: '/workspace/host/src/router.tsx', code: "import x from '../../remotes/finance/src/Area';" },
  ],
  invalid: [
    { filename: inFinance, code: "import x from '../../../scheduler/src/Area';", errors: [{ messageId: 'crossRemote' }] },
    { filename: inFinance, code: "import x from '@hcm/area-scheduler';", errors: [{ messageId: 'crossRemote' }] },
    { filename: inFinance, code: "export * from '../../../workforce/src/carers';", errors: [{ messageId: 'crossRemote' }] },
    { filename: inFinance, code: "const x = import('../../../care-records/src/Area');", errors: [{ messageId: 'crossRemote' }] },
  ],
});

const root = '/workspace';
tester.run('one-way-dependencies', oneWayDependencies(root), {
  valid: [
    // The API's composition root registers each area's module.
    { filename: `${root}/server/src/area-modules.ts`, code: "import { financeModule } from '../../remotes/finance/server/module.js';" },
    { filename: `${root}/remotes/finance/server/module.ts`, code: "import { defineAreaModule } from '@hcm/server/platform';" },
    { filename: `${root}/remotes/finance/server/module.ts`, code: "import { FINANCE_RESOURCES } from '../contract/index.js';" },
    { filename: `${root}/remotes/finance/src/Screens.tsx`, code: "import { FINANCE_RESOURCES } from '../contract';" },
    { filename: `${root}/server/src/app.ts`, code: "import { auditRoutes } from './audit/routes.js';" },
  ],
  invalid: [
    { filename: `${root}/server/src/app.ts`, code: "import { financeModule } from '../../remotes/finance/server/module.js';", errors: [{ messageId: 'platformToArea' }] },
    { filename: `${root}/shared/kit/src/resources/List.tsx`, code: "import { medications } from '../../../../remotes/reference-data/contract';", errors: [{ messageId: 'platformToArea' }] },
    { filename: `${root}/host/src/router.tsx`, code: "import x from '@hcm/area-finance';", errors: [{ messageId: 'platformToArea' }] },
    { filename: `${root}/remotes/finance/src/Screens.tsx`, code: "import { DEMO_ROWS } from '../server/demo-rows';", errors: [{ messageId: 'screensToServer' }] },
    { filename: `${root}/remotes/finance/server/routes.ts`, code: "import { ok } from '../../../server/src/http/envelope.js';", errors: [{ messageId: 'areaIntoServer' }] },
  ],
});
