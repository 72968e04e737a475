const HOME = '/dashboard/workplace';

/** Where sign-in leads: the remembered `redirect`, followed only to a same-site path, else the dashboard. */
export const signInTarget = (redirect: string | null) =>
  redirect?.startsWith('/') && !redirect.startsWith('//') && !redirect.startsWith('/login') ? redirect : HOME;
