// The accounts area's routes, as the accounts document groups them.
import { apiKeyRoutes } from './api-keys';
import { authRoutes } from './auth';

export const accountsRoutes = [...apiKeyRoutes, ...authRoutes];
