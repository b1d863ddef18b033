import { type Paging, readPaging, setParam, writeListParams } from '../../../components/list/listParams.ts';
import { ROLES } from '../roles.ts';
import type { UserFilterValues } from './userFilters.ts';

/**
 * The users list's filters and page in the address: `email` (part of the e-mail), `organization`
 * (an organization id, Admins), `role`, `state` (enabled or disabled), `page`, `pageSize`.
 */
export interface UserListState extends Paging {
  email: string;
  organizationId: string;
  role: string;
  /** 'enabled', 'disabled' or '' for both. */
  state: '' | 'enabled' | 'disabled';
}

export function readListState(params: URLSearchParams): UserListState {
  const role = params.get('role') ?? '';
  const state = params.get('state');
  return {
    email: (params.get('email') ?? '').trim().slice(0, 200),
    organizationId: (params.get('organization') ?? '').trim().slice(0, 100),
    role: (ROLES as readonly string[]).includes(role) ? role : '',
    state: state === 'enabled' || state === 'disabled' ? state : '',
    ...readPaging(params),
  };
}

/**
 * What a non-Admin's list reads: the same without the organization. Their filter form has no
 * organization field (the API keeps them to their own organization), so an `organization` in a
 * link an Admin shared would filter their list with nothing on screen saying so.
 */
function readOwnOrganizationListState(params: URLSearchParams): UserListState {
  return { ...readListState(params), organizationId: '' };
}

/** The reader of the viewer's list: the organization filter is an Admin's only. */
export function listStateReader(isAdmin: boolean): (params: URLSearchParams) => UserListState {
  return isAdmin ? readListState : readOwnOrganizationListState;
}

/** The address after a change: defaults left out, other parameters kept; a filter change goes back to page 1. */
export function writeListState(current: URLSearchParams, change: Partial<UserListState>): URLSearchParams {
  return writeListParams(current, change, readListState, (params, next) => {
    setParam(params, 'email', next.email.trim());
    setParam(params, 'organization', next.organizationId);
    setParam(params, 'role', next.role);
    setParam(params, 'state', next.state);
  });
}

/** The filter form's values as a change of the state (a cleared field is empty). */
export function filterChange(values: UserFilterValues): Partial<UserListState> {
  const state = values.state === 'enabled' || values.state === 'disabled' ? values.state : '';
  return {
    email: values.email?.trim() ?? '',
    organizationId: values.organizationId ?? '',
    role: values.role ?? '',
    state,
  };
}
