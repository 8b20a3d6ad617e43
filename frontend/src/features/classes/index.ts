/** What other screens show of classes: a client's record and DNI, and the dashboard's day. */
export { ClientClasses } from './components/client-classes';
export { TodayClasses } from './components/today-classes';
export { MembersAtRisk } from './components/members-at-risk';
export { classPaths } from './class-paths';
