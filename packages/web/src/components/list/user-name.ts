// A list row's created_by / changed_by as the lists show it: first and last name, nothing for a removed user.
export const userName = (user: { first_name: string; last_name: string } | null) =>
  user ? [user.first_name, user.last_name].filter(Boolean).join(' ') : '';
