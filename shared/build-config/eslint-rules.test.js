import { describe, it } from 'node:test';
import { RuleTester } from 'eslint';
import { noCrossRemoteImports } from './eslint-rules.js';

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
