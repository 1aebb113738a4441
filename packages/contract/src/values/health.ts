/**
 * The response header naming the release of the web app the server serves (its build id): a page
 * whose own release differs was built before this server's and offers to reload (decision 041).
 * Absent when the server serves no web build.
 */
export const RELEASE_HEADER = 'tavolo-release';
