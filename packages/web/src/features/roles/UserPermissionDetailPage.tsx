import { useQuery } from '@tanstack/react-query'
import { Button, Card, Descriptions, Empty, Spin, Tag, Tree, Typography } from 'antd'
import type { DataNode } from 'antd/es/tree'
import { useMemo } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { PageFrame } from '../../components/crud'
import type { PageProps } from '../../navigation/page-props'
import { userPermissionApi } from './api'
import { heldTree, KIND_LABEL, type HeldNode } from './permission-tree'

function toData(n: HeldNode): DataNode {
  return {
    key: n.code,
    // A node kept only to place what is below it is not held itself: shown dimmed.
    title: (
      <span style={n.held ? undefined : { color: '#767676' }}>
        {n.name} <Tag style={{ marginInlineStart: 4 }}>{KIND_LABEL[n.kind]}</Tag>
      </span>
    ),
    children: n.children.map(toData),
  }
}

/** /roles-userPermission/detail?userInfoId=: a person's roles and their codes laid out as the permission catalogue. */
export default function UserPermissionDetailPage({ path, title }: PageProps) {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const userInfoId = Number(params.get('userInfoId')) || null
  const name = params.get('name')
  const q = useQuery({
    queryKey: ['userPermission', 'detail', userInfoId],
    queryFn: () => userPermissionApi.ofPerson(userInfoId as number),
    enabled: userInfoId !== null,
  })
  const tree = useMemo(() => heldTree(new Set(q.data?.permissions ?? [])).map(toData), [q.data])
  const back = <Button onClick={() => void navigate('/roles-userPermission')}>返回</Button>
  return (
    <PageFrame path={path} title={name ? `${title}：${name}` : title} extra={back}>
      {userInfoId === null ? (
        <Empty description="未找到该人员" />
      ) : q.isLoading ? (
        <Spin />
      ) : !q.data ? (
        <Empty description="未找到该人员" />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={1}
            style={{ marginBottom: 16 }}
            items={[
              {
                label: '角色',
                children: q.data.roles.length
                  ? q.data.roles.map((r) => (
                      <Tag key={r} color="blue">
                        {r}
                      </Tag>
                    ))
                  : '暂无角色',
              },
              { label: '权限数', children: q.data.permissions.length },
            ]}
          />
          <Card size="small" title="已有权限">
            {tree.length ? (
              <Tree treeData={tree} defaultExpandAll selectable={false} blockNode data-testid="held-tree" />
            ) : (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
              灰色项本身未授予，仅用于显示其下已有的权限。
            </Typography.Paragraph>
          </Card>
        </>
      )}
    </PageFrame>
  )
}
