/**
 * Lets code outside React (the HTTP client, the sign-in) navigate inside the single-page app.
 * The router registers itself on start; before that a full page load is used.
 */
export interface NavigateOptions {
  replace?: boolean;
}

let navigator = (to: string, options?: NavigateOptions) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to);

export const registerNavigator = (navigate: typeof navigator) => {
  navigator = navigate;
};

export const navigateTo = (to: string, options?: NavigateOptions) => navigator(to, options);
