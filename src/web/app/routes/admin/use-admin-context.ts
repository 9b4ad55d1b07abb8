import { useOutletContext } from 'react-router';
import type { User } from '#shared/schemas/users.ts';

/** The signed-in user, provided by AdminLayout to every admin screen. */
export const useCurrentUser = () => useOutletContext<{ user: User }>().user;
