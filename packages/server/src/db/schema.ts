/**
 * The database's tables. Each table's row type lives in tables/<domain>.ts (domain = the server module that owns
 * it), which exports one <Domain>Tables interface; Database is their union, declared here only.
 */
import type { AllianceTables } from './tables/alliance.js'
import type { AlumniTables } from './tables/alumni.js'
import type { AppClientsTables } from './tables/app-clients.js'
import type { AppsTables } from './tables/apps.js'
import type { AreaTables } from './tables/area.js'
import type { AssistantTables } from './tables/assistant.js'
import type { AuthTables } from './tables/auth.js'
import type { BaseDataTables } from './tables/base-data.js'
import type { CampusTables } from './tables/campus.js'
import type { CmsTables } from './tables/cms.js'
import type { ComplaintsTables } from './tables/complaints.js'
import type { CoreTables } from './tables/core.js'
import type { DirectoryTables } from './tables/directory.js'
import type { ImportsTables } from './tables/imports.js'
import type { MessagesTables } from './tables/messages.js'
import type { MobilePortalTables } from './tables/mobile-portal.js'
import type { OidcTables } from './tables/oidc.js'
import type { PcPortalTables } from './tables/pc-portal.js'
import type { PeopleTables } from './tables/people.js'
import type { PortalConfigTables } from './tables/portal-config.js'
import type { PrivacyTables } from './tables/privacy.js'
import type { ConsentTables } from './tables/consent.js'
import type { PrivacyNoticeTables } from './tables/privacy-notice.js'
import type { RedDotsTables } from './tables/red-dots.js'
import type { RolloverTables } from './tables/rollover.js'
import type { SchoolStatsTables } from './tables/school-stats.js'
import type { SchoolYearTables } from './tables/school-year.js'
import type { SignupTables } from './tables/signup.js'
import type { SmsTables } from './tables/sms.js'
import type { SsoTables } from './tables/sso.js'
import type { WebhooksTables } from './tables/webhooks.js'

export type * from './tables/alliance.js'
export type * from './tables/alumni.js'
export type * from './tables/app-clients.js'
export type * from './tables/apps.js'
export type * from './tables/area.js'
export type * from './tables/assistant.js'
export type * from './tables/auth.js'
export type * from './tables/base-data.js'
export type * from './tables/campus.js'
export type * from './tables/cms.js'
export type * from './tables/complaints.js'
export type * from './tables/consent.js'
export type * from './tables/core.js'
export type * from './tables/directory.js'
export type * from './tables/imports.js'
export type * from './tables/messages.js'
export type * from './tables/mobile-portal.js'
export type * from './tables/oidc.js'
export type * from './tables/pc-portal.js'
export type * from './tables/people.js'
export type * from './tables/portal-config.js'
export type * from './tables/privacy.js'
export type * from './tables/privacy-notice.js'
export type * from './tables/red-dots.js'
export type * from './tables/school-year.js'
export type * from './tables/signup.js'
export type * from './tables/sms.js'
export type * from './tables/sso.js'
export type * from './tables/webhooks.js'

export interface Database
  extends
    CoreTables,
    AuthTables,
    SsoTables,
    SmsTables,
    SignupTables,
    PeopleTables,
    BaseDataTables,
    AreaTables,
    ImportsTables,
    AppsTables,
    AppClientsTables,
    OidcTables,
    DirectoryTables,
    WebhooksTables,
    MessagesTables,
    CmsTables,
    PortalConfigTables,
    PcPortalTables,
    MobilePortalTables,
    RedDotsTables,
    CampusTables,
    ComplaintsTables,
    AssistantTables,
    AllianceTables,
    PrivacyTables,
    ConsentTables,
    PrivacyNoticeTables,
    SchoolYearTables,
    RolloverTables,
    SchoolStatsTables,
    AlumniTables {}
