import './bufferShim.ts';
import { type AccessControl, createAccessControl } from '@console/policies';
import modelText from '@console/policies/model.conf?raw';
import policyText from '@console/policies/policy.csv?raw';

/** The console's one Casbin enforcer, built from the same files the API enforces. */
export const createPolicyEnforcer = (): Promise<AccessControl> => createAccessControl(modelText, policyText);
