import { Layout } from './layout';
import { AppRoutes } from './routes';

export function App() {
  return (
    <Layout>
      <AppRoutes />
    </Layout>
  );
}
