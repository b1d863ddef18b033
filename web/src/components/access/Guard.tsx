import type { Action, Resource } from '@console/policies';
import { useCan, useGetIdentity } from '@refinedev/core';
import { Flex, Spin } from 'antd';
import type { ReactNode } from 'react';
import { guardState } from './guardState.ts';

export interface GuardProps {
  resource: Resource;
  /** Read unless told otherwise (docs/roles.md). */
  action?: Action;
  /** Shown when access is denied; nothing by default. */
  denied?: ReactNode;
  children: ReactNode;
}

/** Shows its content only when the signed-in user may do the action on the resource. */
export function Guard({ resource, action = 'Read', denied = null, children }: GuardProps) {
  const identity = useGetIdentity();
  const access = useCan({ resource, action: action.toLowerCase() });
  const state = guardState({ userLoading: identity.isLoading, accessLoading: access.isLoading, can: access.data?.can });
  if (state === 'loading') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin />
      </Flex>
    );
  }
  return state === 'allowed' ? children : denied;
}
