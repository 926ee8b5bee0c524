import { accountModule } from './account/manifest.js'
import { alumniModule } from './alumni/manifest.js'
import { areaModule } from './area/manifest.js'
import { appsModule } from './apps/manifest.js'
import { appClientsModule } from './app-clients/manifest.js'
import { oidcModule } from './oidc/manifest.js'
import { webhooksModule } from './webhooks/manifest.js'
import { casModule } from './cas/manifest.js'
import { directoryModule } from './directory/manifest.js'
import { openNotifyModule } from './open-notify/manifest.js'
import { baseDataModule } from './base-data/manifest.js'
import { configCenterModule } from './config-center/manifest.js'
import { cmsModule } from './cms/manifest.js'
import { dataCentreModule } from './data-centre/manifest.js'
import { pcPortalModule } from './pc-portal/manifest.js'
import { portalConfigModule } from './portal-config/manifest.js'
import type { ModuleManifest } from './manifest.js'
import { organizationModule } from './organization/manifest.js'
import { rolesModule } from './roles/manifest.js'
import { tenantModule } from './tenant/manifest.js'
import { mobilePortalModule } from './mobile-portal/manifest.js'
import { redDotsModule } from './red-dots/manifest.js'
import { authModule } from './auth/manifest.js'
import { loginSecurityModule } from './login-security/manifest.js'
import { signupModule } from './signup/manifest.js'
import { smsModule } from './sms/manifest.js'
import { ssoModule } from './sso/manifest.js'
import { importsModule } from './imports/manifest.js'
import { peopleModule } from './people/manifest.js'
import { privacyModule } from './privacy/manifest.js'
import { consentModule } from './consent/manifest.js'
import { privacyAuditModule } from './privacy-audit/manifest.js'
import { schoolStatsModule } from './school-stats/manifest.js'
import { privacyNoticeModule } from './privacy-notice/manifest.js'
import { piExportsModule } from './pi-exports/manifest.js'
import { rolloverModule } from './rollover/manifest.js'
import { transfersModule } from './transfers/manifest.js'
import { intakeModule } from './intake/manifest.js'
import { allianceModule } from './alliance/manifest.js'
import { assistantModule } from './assistant/manifest.js'
import { campusModule } from './campus/manifest.js'
import { complaintsModule } from './complaints/manifest.js'
import { messagesModule } from './messages/manifest.js'

/** Every domain's API, in one place: buildApp registers these manifests' routes (docs/architecture.md). */
export const MODULES: readonly ModuleManifest[] = [
  baseDataModule,
  accountModule,
  rolesModule,
  tenantModule,
  configCenterModule,
  organizationModule,
  areaModule,
  appsModule,
  appClientsModule,
  oidcModule,
  webhooksModule,
  casModule,
  directoryModule,
  openNotifyModule,
  mobilePortalModule,
  redDotsModule,
  cmsModule,
  portalConfigModule,
  pcPortalModule,
  dataCentreModule,
  authModule,
  smsModule,
  loginSecurityModule,
  ssoModule,
  signupModule,
  peopleModule,
  privacyModule,
  consentModule,
  privacyNoticeModule,
  privacyAuditModule,
  schoolStatsModule,
  piExportsModule,
  rolloverModule,
  transfersModule,
  intakeModule,
  importsModule,
  messagesModule,
  campusModule,
  complaintsModule,
  allianceModule,
  assistantModule,
  alumniModule,
]
