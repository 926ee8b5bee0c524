/** Build-time global configuration (Vite env). The school portal needs a configured school organisation id. */
export const appConfig = {
  schoolOrgId: import.meta.env.VITE_SCHOOL_ORG_ID ? Number(import.meta.env.VITE_SCHOOL_ORG_ID) : null,
}
