import { NOTICE_KINDS, NOTICE_LABEL } from '@zhixiao/shared'
import { Fragment } from 'react'
import { noticeHref, type NoticeScope } from './notice-href'

/**
 * 《服务条款》《隐私政策》《儿童个人信息保护规则》 as links to the tenant's current versions, each in a new tab so a
 * half-filled login or sign-up form stays as it is. Plain HTML: the login page carries no component library.
 */
export function NoticeLinks({ scope }: { scope: NoticeScope }) {
  return (
    <>
      {NOTICE_KINDS.map((k, i) => (
        <Fragment key={k}>
          {i > 0 && (i === NOTICE_KINDS.length - 1 ? '与' : '、')}
          <a
            href={noticeHref(k, scope)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid={`notice-link-${k}`}
          >{`《${NOTICE_LABEL[k]}》`}</a>
        </Fragment>
      ))}
    </>
  )
}
