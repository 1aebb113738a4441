// The demo restaurant's owner, as `npm run demo` creates it: the benchmarks that build the demo
// sign in as them.
export const DEMO_EMAIL = 'demo@tavolo.test';
export const DEMO_PASSWORD = 'tavolo-demo';

/** Signs in as the demo's owner on the server at `url`: their token and restaurant. */
export async function signInAsDemoOwner(url) {
  const login = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  if (!login.ok) throw new Error(`login: ${login.status} ${await login.text()}`);
  return login.json();
}
