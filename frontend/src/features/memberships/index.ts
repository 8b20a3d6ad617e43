export { MembershipSection } from './components/membership-section';
export { DeskDashboard } from './components/desk-dashboard';
