// The answer of bench/'s reference servers (ceiling.mjs, fastify-floor.mjs): the same shape and size
// as the app's GET /api/auth/user, so a ratio against them is the cost of the framework, hooks,
// session check and serialisation, not of a bigger payload.
export const referenceBody = {
  id: 1,
  username: 'bench',
  email: null,
  firstName: null,
  lastName: null,
  profileImageUrl: null,
  role: 'admin',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
