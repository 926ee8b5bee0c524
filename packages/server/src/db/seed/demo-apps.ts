import type { Trx } from '../database.js'

/**
 * Demo apps of the demo district, registered by the bureau (seen in all its schools): the demo sub-application
 * served with the web app (/subapps/demo/, it swaps the once-token and shows who is signed in) hosted at the
 * /dynamic route, and a scrapped app, so both the hosting path and the refusal can be tried.
 */
export async function seedDemoApps(trx: Trx, bureauOrgId: number): Promise<void> {
  await trx
    .insertInto('app')
    .values([
      {
        org_id: bureauOrgId,
        unique_id: 'demo_subapp',
        name: '演示子应用',
        req_uri: '/dynamic',
        entry_url: '/subapps/demo/index.html',
        permission_name: null,
        grouping_type: 2,
        sort: 1000,
      },
      {
        org_id: bureauOrgId,
        unique_id: 'old_score',
        name: '旧版成绩查询',
        req_uri: '/gradeManageJd',
        entry_url: '/subapps/demo/index.html',
        permission_name: null,
        grouping_type: 3,
        is_scrap: true,
        sort: 1001,
      },
    ])
    .execute()
}
