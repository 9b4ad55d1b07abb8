// What other modules use of users: the row type and the lookups sign-in, sessions, notifications and
// the first start need. Functions take `db` first, so they also run inside a caller's transaction.
export {
  countUsers,
  findUserById,
  findUserByUsername,
  insertUserIfAbsent,
  listAdminIds,
  listUserIds,
  type UserRow,
} from './users.repository.ts';
