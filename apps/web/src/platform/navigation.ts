/**
 * Lets code outside React (the HTTP client) navigate inside the single-page app.
 * The router registers itself on start; before that a full page load is used.
 */
let navigator: (to: string) => void = (to) => window.location.assign(to);

export const registerNavigator = (navigate: (to: string) => void) => {
  navigator = navigate;
};

export const navigateTo = (to: string) => navigator(to);
