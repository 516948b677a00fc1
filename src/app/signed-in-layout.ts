/**
 * The parts of the layout only a session shows: the sidebar, the role picker and the logout dialog (with the modal
 * they open in). One chunk, requested as soon as a session exists and never on the login page
 * (docs/decisions.md LB13).
 */
export { Sidebar } from '@/views/layout/sidebar.view';
export { LogoutConfirm } from '@/views/session/logout-confirm.view';
export { RolePicker } from '@/views/session/role-picker.view';
