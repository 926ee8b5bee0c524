// The open pages' chunks, loaded through this small lazy module rather than from the entry: each lazy import carries
// its chunk's preload list (antd's pieces) in the chunk that holds it, and in the entry those lists are bytes the
// login page downloads and never uses (issue 22.14). One small extra request on a cold visit of these pages.
export const orgSelectPage = () => import('../features/org-select/OrgSelectPage')
export const signupPage = () => import('../features/signup/SignupPage')
export const noticePage = () => import('../features/privacy-notice/NoticePage')
export const thirdLoginPage = () => import('../features/sso/ThirdLoginPage')
export const oidcLoginPage = () => import('../features/oidc/OidcLoginPage')
export const casLoginPage = () => import('../features/cas/CasLoginPage')
export const casLogoutPage = () => import('../features/cas/CasLogoutPage')
export const alumniHomePage = () => import('../features/alumni/AlumniHomePage')
export const notFoundPage = () => import('../features/errors/NotFound')
export const errorPage = () => import('../features/errors/ErrorPage')
