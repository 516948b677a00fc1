import type { Profile, User } from '@/services/contract/session.contract';

/** A session user as the server sends it: a curator with no profile unless given; fields overridable. */
export function user(overrides: Partial<User> = {}): User {
  return {
    user_name: 'curator',
    user_id: 4,
    roles: ['R004'],
    chosenRole: 'R004',
    profile: null,
    ...overrides,
  };
}

/** A profile in view: an active BAN of type 5 unless given; fields overridable. */
export function profile(overrides: Partial<Profile> = {}): Profile {
  return { at: 5, ban: '100234561', sn: null, status: 'A', ...overrides };
}
