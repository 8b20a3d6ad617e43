/** What other features use of the members' portal. */
export { memberPaths } from './member-paths';
export { memberKeys, setMemberQueryDefaults } from './member-keys';
