/** org_id of the tenant-wide default row (org ids are positive; 0 is the platform org). */
export const TENANT_DEFAULT_ORG = -1
