// Each scenario prepares what it needs through the real API and returns an autocannon request.
// Later features add theirs here.
export const scenarios = [
  {
    name: 'GET /api/health',
    prepare: async () => ({ path: '/api/health' }),
  },
  {
    name: 'GET /auth/me (session lookup + permissions)',
    prepare: async (url) => {
      const response = await fetch(`${url}/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'Bench Owner',
          email: `bench-${Date.now()}@example.test`,
          password: 'bench password',
          restaurantName: 'Bench Bistro',
          currency: 'EUR',
          timezone: 'Europe/Rome',
        }),
      });
      const { token } = await response.json();
      return { path: '/auth/me', headers: { authorization: `Bearer ${token}` } };
    },
  },
];
