/**
 * The demo sign-ins that `npm start` prints and the end-to-end tests use: one per role.
 * The same records are created in the Firebase Auth emulator (with these uids) and in the
 * database, so the two always agree. Local development only.
 */
export interface DemoUser {
  uid: string;
  email: string;
  password: string;
  roles: string[];
  /** Key of the demo organization the user belongs to; null for the provider's own staff. */
  organization: 'northwind' | 'bohemia' | 'danube' | null;
}

export const DEMO_PASSWORD = 'demo-password-1';

export const DEMO_USERS: readonly DemoUser[] = [
  { uid: 'demo-admin', email: 'admin@demo.test', password: DEMO_PASSWORD, roles: ['Admin'], organization: null },
  { uid: 'demo-owner', email: 'owner@demo.test', password: DEMO_PASSWORD, roles: ['Owner'], organization: 'northwind' },
  {
    uid: 'demo-editor',
    email: 'editor@demo.test',
    password: DEMO_PASSWORD,
    roles: ['Editor'],
    organization: 'northwind',
  },
  {
    uid: 'demo-viewer',
    email: 'viewer@demo.test',
    password: DEMO_PASSWORD,
    roles: ['Viewer'],
    organization: 'bohemia',
  },
  { uid: 'demo-user', email: 'user@demo.test', password: DEMO_PASSWORD, roles: ['User'], organization: 'northwind' },
];
