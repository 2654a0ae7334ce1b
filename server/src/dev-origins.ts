/** Vite's dev server (`npm run dev`): allowed for CORS and as the IdP callback in development only. */
export const DEV_ORIGINS = ['http://localhost:5173', 'http://127.0.0.1:5173'];
